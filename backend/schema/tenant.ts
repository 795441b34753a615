/**
 * Tenant data service (spec section 7, "Tenant data back-end"): units, meters and, in later
 * issues, readings, graphs, tables, KPIs, prices and ratings. Every call needs a users-service
 * access token and answers only for the units of the caller's tenancies.
 */
export const tenantTypeDefs = /* GraphQL */ `
  type Query {
    "The units of the caller's tenancies, with property settings and CO2 factors."
    tenantUnits: [TenantUnit!]!
  }

  enum ObjectKind {
    PROPERTY
    UNIT
    SOURCE
    MPOINT
  }

  type ObjectProperty {
    id: ID!
    number: String!
    address: String!
    city: String!
    zipcode: String!
  }

  type ObjectUnit {
    id: ID!
    unitUniqueId: String!
    name: String!
    tenantName: String
    "Heated floor area in m2, used for normalized (per m2) values."
    floorArea: Float!
    rooms: Int!
  }

  type GroupMeter {
    id: ID!
    number: String!
    roomName: String
  }

  type ObjectGroup {
    id: ID!
    quantity: String!
    operational: Boolean!
    meter: GroupMeter
  }

  type MeasurementPoint {
    id: ID!
    legacyMeterId: String
    name: String!
    room: String
    quantity: String!
  }

  "A measured object: a property, a unit, a source (meter group) or a measurement point."
  type ObjectDetails {
    id: ID!
    kind: ObjectKind!
    property: ObjectProperty!
    unit: ObjectUnit
    group: ObjectGroup
    measurementPoint: MeasurementPoint
  }

  type PropertySetting {
    kind: String!
  }

  type Co2Factor {
    quantity: String!
    gramPerQuantityUnit: Float!
  }

  type TenantProperty {
    id: ID!
    number: String!
    settings: [PropertySetting!]!
    co2Factors: [Co2Factor!]!
  }

  type TenantUnitPath {
    property: TenantProperty!
  }

  "A meter of a unit."
  type Meter {
    id: ID!
    number: String!
    roomName: String
    "A quantity identifier of spec section 3."
    quantity: String!
  }

  type TenantUnit {
    objectDetails: ObjectDetails!
    path: TenantUnitPath!
    meters: [Meter!]!
  }
`;
