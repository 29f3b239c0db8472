import { Fragment } from "react";

/**
 * A file name that may wrap after its separators ('riverside_dental_front_cut.pdf' has no spaces): a table keeps
 * the words whole and breaks between them, like a name with spaces (`.cell-text`, docs/design.md §2).
 */
export function FileName({ name }: { name: string }) {
  const parts = name.split(/(?<=[_./\\])/);
  return (
    <>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </>
  );
}
