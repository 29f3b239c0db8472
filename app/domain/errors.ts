// Domain errors thrown by models and use cases: a request refused for a reason a person can act on (a save, or a
// label printer that did not answer: 504). /api handlers answer them as JSON with their status (http/api.server.ts);
// screens put the message in the form and a toast (views/form-action.server.ts).
export abstract class DomainError extends Error {
  abstract readonly status: 400 | 404 | 409 | 410 | 413 | 504;
}
export class ConflictError extends DomainError {
  readonly status = 409 as const;
}
export class NotFoundError extends DomainError {
  readonly status = 404 as const;
}
export class BadRequestError extends DomainError {
  readonly status = 400 as const;
}
