import { z } from "zod";

export const tenantUnitSchema = z.object({
  objectDetails: z.object({
    id: z.string(),
    kind: z.enum(["PROPERTY", "UNIT", "SOURCE", "MPOINT"]),
    property: z.object({ id: z.string(), number: z.string(), address: z.string(), city: z.string(), zipcode: z.string() }),
    unit: z
      .object({
        id: z.string(),
        unitUniqueId: z.string(),
        name: z.string(),
        tenantName: z.string().nullable(),
        floorArea: z.number(),
        rooms: z.number().int(),
      })
      .nullable(),
  }),
  path: z.object({
    property: z.object({
      id: z.string(),
      number: z.string(),
      settings: z.array(z.object({ kind: z.string() })),
      co2Factors: z.array(z.object({ quantity: z.string(), gramPerQuantityUnit: z.number() })),
    }),
  }),
  meters: z.array(z.object({ id: z.string(), number: z.string(), roomName: z.string().nullable(), quantity: z.string() })),
});

export const tenantUnitsResponse = z.object({ tenantUnits: z.array(tenantUnitSchema) });
export type TenantUnit = z.infer<typeof tenantUnitSchema>;
