import { Type, type TSchema } from 'typebox';

/** Shared TypeBox pieces for route schemas (the OpenAPI document is made from them). */

export const Uuid = Type.String({ format: 'uuid' });
export const IsoDate = Type.String({ format: 'date-time' });
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** RFC 9457 problem details. */
export const ProblemSchema = Type.Object(
  {
    type: Type.String(),
    title: Type.String(),
    status: Type.Integer(),
    detail: Type.Optional(Type.String()),
    errors: Type.Optional(Type.Array(Type.Object({ field: Type.String(), message: Type.String() }))),
  },
  { $id: 'Problem', additionalProperties: true },
);

/** Problem responses every authenticated route may give. */
export const problemResponses = {
  400: ProblemSchema,
  401: ProblemSchema,
  404: ProblemSchema,
} as const;

export const IdParams = Type.Object({ id: Uuid });
