import {
  buildSchema,
  type FieldNode,
  type GraphQLOutputType,
  type GraphQLSchema,
  getNamedType,
  isEnumType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
  Kind,
  parse,
  type SelectionSetNode,
} from "graphql";
import type { AnswerShape, ScalarShape } from "./answer-shapes";

/**
 * For codegen.ts (build time only): the shape of each operation's answer (answer-shapes.ts), from
 * the service's schema and the portal's documents, as a module text to append to the service's
 * graphql.generated.ts.
 */

const builtIn = new Set<string>(["String", "ID", "Int", "Float", "Boolean"]);

function shapeOfType(type: GraphQLOutputType, selectionSet: SelectionSetNode | undefined): AnswerShape {
  if (isNonNullType(type)) return innerShape(type.ofType, selectionSet);
  return { nullable: innerShape(type, selectionSet) };
}

function innerShape(type: GraphQLOutputType, selectionSet: SelectionSetNode | undefined): AnswerShape {
  if (isNonNullType(type)) return innerShape(type.ofType, selectionSet);
  if (isListType(type)) return { list: shapeOfType(type.ofType, selectionSet) };
  if (isEnumType(type)) return { enum: type.getValues().map((value) => value.name) };
  if (isScalarType(type)) return (builtIn.has(type.name) ? type.name : "Any") as ScalarShape;
  if (!isObjectType(type) || selectionSet === undefined)
    throw new Error(`${getNamedType(type).name}: only object types with a selection are supported`);
  const fields: Record<string, AnswerShape> = {};
  const optional: string[] = [];
  for (const selection of selectionSet.selections) {
    if (selection.kind !== Kind.FIELD) throw new Error("Fragments are not supported in the portal's documents");
    const field = selection as FieldNode;
    const key = (field.alias ?? field.name).value;
    if (field.name.value === "__typename") fields[key] = "String";
    else {
      const definition = type.getFields()[field.name.value];
      if (definition === undefined) throw new Error(`${type.name}.${field.name.value} is not in the schema`);
      fields[key] = shapeOfType(definition.type, field.selectionSet);
    }
    if ((field.directives ?? []).some((directive) => ["include", "skip"].includes(directive.name.value)))
      optional.push(key);
  }
  return optional.length > 0 ? { fields, optional } : { fields };
}

/** Each operation's answer shape, by operation name. */
export function answerShapes(schema: GraphQLSchema, documents: readonly string[]): Record<string, AnswerShape> {
  const shapes: Record<string, AnswerShape> = {};
  for (const document of documents) {
    for (const definition of parse(document).definitions) {
      if (definition.kind !== Kind.OPERATION_DEFINITION || definition.name === undefined) continue;
      const root = schema.getRootType(definition.operation);
      if (root === undefined || root === null)
        throw new Error(`${definition.name.value}: no ${definition.operation} type`);
      shapes[definition.name.value] = innerShape(root, definition.selectionSet);
    }
  }
  return shapes;
}

/** The module text codegen appends to a service's graphql.generated.ts. */
export function answerShapesModule(schemaTexts: readonly string[], documents: readonly string[]): string {
  const shapes = answerShapes(buildSchema(schemaTexts.join("\n")), documents);
  return [
    "",
    "/** Each operation's answer as the types above say it, for the check at run time (app/services/answer-shapes.ts). */",
    `export const answerShapes: Record<string, import("../answer-shapes").AnswerShape> = ${JSON.stringify(shapes)};`,
    "",
  ].join("\n");
}
