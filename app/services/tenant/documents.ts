/** GraphQL documents the portal sends to the tenant data service. */

export const TenantUnitsQuery = /* GraphQL */ `
  query TenantUnits {
    tenantUnits {
      objectDetails {
        id kind
        property { id number address city zipcode }
        unit { id unitUniqueId name tenantName floorArea rooms }
      }
      path { property { id number settings { kind } co2Factors { quantity gramPerQuantityUnit } } }
      meters { id number roomName quantity }
    }
  }
`;
