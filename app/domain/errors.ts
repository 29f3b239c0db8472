// Domain errors thrown by models; /api handlers turn them into JSON with the status, screens into form errors.
export class ConflictError extends Error {
  status = 409 as const;
}
export class NotFoundError extends Error {
  status = 404 as const;
}
export class BadRequestError extends Error {
  status = 400 as const;
}
