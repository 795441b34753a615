/**
 * What the tenant service says of a property, unit, meter or measurement point (schema/tenant.ts),
 * in a module of its own: tenant.ts serves it and tenant-consumption.ts, which tenant.ts imports,
 * builds it.
 */
export type ObjectKind = "PROPERTY" | "UNIT" | "SOURCE" | "MPOINT";

export interface ObjectPropertyResult {
  id: string;
  number: string;
  address: string;
  city: string;
  zipcode: string;
}

export interface ObjectDetailsResult {
  id: string;
  kind: ObjectKind;
  property: ObjectPropertyResult;
  unit: {
    id: string;
    unitUniqueId: string;
    name: string;
    tenantName: string | null;
    floorArea: number;
    rooms: number;
  } | null;
  group: null | {
    id: string;
    quantity: string;
    operational: boolean;
    meter: { id: string; number: string; roomName: string | null } | null;
  };
  measurementPoint: null | {
    id: string;
    legacyMeterId: string | null;
    name: string;
    room: string | null;
    quantity: string;
  };
}
