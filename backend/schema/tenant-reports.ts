/**
 * The monthly consumption report of the tenant data service (issue 15), read by its code without
 * a token: the code (at least 128 random bits, sent by e-mail) is the credential. The spec names
 * no call for it; this follows the service's style. The portal limits failed codes per client.
 */
export const tenantReportTypeDefs = /* GraphQL */ `
  extend type Query {
    """
    The report behind a code. availability NOT_FOUND for an unknown code, GONE for an expired or
    revoked one (report null for both); no token needed, none checked.
    """
    consumptionReport(code: String!): ConsumptionReportAnswer!
  }

  enum ReportAvailability {
    AVAILABLE
    GONE
    NOT_FOUND
  }

  type ConsumptionReportAnswer {
    availability: ReportAvailability!
    report: ConsumptionReport
  }

  type ConsumptionReport {
    "YYYY-MM"
    month: String!
    createdAt: String!
    "The unit's address (with the apartment)."
    address: String!
    zipcode: String!
    city: String!
    "The property's country, ISO 3166 alpha-2."
    country: String!
    "The unit's consumption quantities that add up, in the portal's order."
    quantities: [ReportQuantity!]!
    "Null when the unit has no water meter or no water tariff."
    waterCost: ReportWaterCost
  }

  type ReportQuantity {
    quantity: String!
    "The month's total; null without data."
    total: Float
    previousMonth: Float
    sameMonthLastYear: Float
    "The property's other units' average (null with fewer than 3 with data)."
    propertyAverage: Float
    "Grams of CO2 of the month; null without a factor."
    co2Grams: Float
    "The 13 months ending with the report's month, oldest first."
    months: [ReportMonthValue!]!
  }

  type ReportMonthValue {
    month: String!
    value: Float
  }

  type ReportWaterCost {
    currency: String!
    prices: [ReportWaterPrice!]!
    cost: Float
    previousCost: Float
  }

  type ReportWaterPrice {
    quantity: String!
    pricePerLitre: Float!
  }
`;
