import {
  buildSchema,
  type DocumentNode,
  type GraphQLSchema,
  Kind,
  OperationTypeNode,
  parse,
  print,
  validate,
} from "graphql";
import { describe, expect, it } from "vitest";
import { accountTypeDefs, typeDefsByService, usersTypeDefs } from "../../backend/schema";
import * as accountDocuments from "./account/documents";
import * as accountGenerated from "./account/graphql.generated";
import { isMergeable, mergedOperation } from "./batched-queries.server";
import * as tenantDocuments from "./tenant/documents";
import * as tenantGenerated from "./tenant/graphql.generated";
import * as usersDocuments from "./users/documents";
import * as usersGenerated from "./users/graphql.generated";

/**
 * DESIGN.md section 1: every GraphQL document the portal sends is validated against the schema of
 * the back-end service it is sent to, so the two cannot drift apart. Which documents go to which
 * service is stated here, once: app/services/<service>/documents.ts → backend/schema/<service>*.graphql.
 */
const services = [
  { service: "account", documents: accountDocuments, generated: accountGenerated, typeDefs: accountTypeDefs },
  { service: "users", documents: usersDocuments, generated: usersGenerated, typeDefs: usersTypeDefs },
  { service: "tenant", documents: tenantDocuments, generated: tenantGenerated, typeDefs: typeDefsByService.tenant },
] as const;

/** The typed documents codegen made of a module's documents (ADR 0064): every `…Document` export. */
function typedDocumentsOf(module: Record<string, unknown>): [name: string, document: DocumentNode][] {
  return Object.entries(module).filter(
    (entry): entry is [string, DocumentNode] =>
      entry[0].endsWith("Document") && (entry[1] as { kind?: unknown } | null)?.kind === Kind.DOCUMENT,
  );
}

/** The exported documents of a module: every exported string. */
function documentsOf(module: Record<string, unknown>): [name: string, document: string][] {
  return Object.entries(module).filter((entry): entry is [string, string] => typeof entry[1] === "string");
}

describe.each(services)("documents sent to the $service service", ({ service, documents, generated, typeDefs }) => {
  let schema: GraphQLSchema;
  const exported = documentsOf(documents);

  it("the back-end schema builds", () => {
    schema = buildSchema(typeDefs);
    expect(schema.getQueryType()).toBeTruthy();
  });

  it("the portal sends at least one document", () => {
    expect(exported.length).toBeGreaterThan(0);
    // Every export of a documents module is a document: nothing else hides there.
    expect(Object.keys(documents).sort()).toEqual(exported.map(([name]) => name).sort());
  });

  it.each(exported)("%s is valid against the schema", (_name, document) => {
    schema ??= buildSchema(typeDefs);
    const ast = parse(document);
    const operations = ast.definitions.filter((d) => d.kind === Kind.OPERATION_DEFINITION);
    // One named operation per document (graphql-request sends the document as it is).
    expect(operations).toHaveLength(1);
    expect(operations[0]?.name?.value).toBeTruthy();
    const errors = validate(schema, ast).map((e) => e.message);
    expect(errors, `${service}: ${_name}`).toEqual([]);
  });

  it("codegen made one typed document of each, and the portal sends nothing else (ADR 0064)", () => {
    const typed = typedDocumentsOf(generated);
    expect(typed.map(([, document]) => print(document)).sort()).toEqual(
      exported.map(([, document]) => print(parse(document))).sort(),
    );
  });

  it("every query merges with the others into one valid operation (ADR 0046, 0064)", async () => {
    schema ??= buildSchema(typeDefs);
    const queries = typedDocumentsOf(generated).filter(
      ([, document]) =>
        !document.definitions.some((d) => "operation" in d && d.operation === OperationTypeNode.MUTATION),
    );
    // Every query can be merged: none is sent alone for a fragment or a directive.
    expect(queries.filter(([, document]) => !isMergeable(document)).map(([name]) => name)).toEqual([]);
    const merged = await mergedOperation(queries.map(([, document]) => ({ document, variables: {} })));
    expect(validate(schema, parse(merged.document)).map((e) => e.message)).toEqual([]);
    expect(merged.document).toContain(`_v${queries.length - 1}_`);
  });

  it("has mutations exactly where the export is named …Mutation (only queries are memoized)", () => {
    for (const [name, document] of exported) {
      const operation = parse(document).definitions.find((d) => d.kind === Kind.OPERATION_DEFINITION);
      expect(operation && "operation" in operation ? operation.operation : undefined, name).toBe(
        name.endsWith("Mutation") ? OperationTypeNode.MUTATION : OperationTypeNode.QUERY,
      );
    }
  });
});

describe("the validation itself", () => {
  it("rejects a document that asks for a field the schema does not have", () => {
    const schema = buildSchema(accountTypeDefs);
    const errors = validate(schema, parse("query Q { currentUser { id noSuchField } }"));
    expect(errors.length).toBeGreaterThan(0);
  });

  it("rejects a document sent to the wrong service", () => {
    const tenantOnly = "query TenantUnits { tenantUnits { meters { id } } }";
    expect(validate(buildSchema(typeDefsByService.tenant), parse(tenantOnly))).toEqual([]);
    expect(validate(buildSchema(accountTypeDefs), parse(tenantOnly)).length).toBeGreaterThan(0);
  });
});
