import type { SelectHTMLAttributes } from "react";
import { type FieldStyle, fieldClass } from "./input";

/** A native <select> with the text fields' look (see input.tsx for the looks). */
export function Select(props: SelectHTMLAttributes<HTMLSelectElement> & FieldStyle) {
  const { look, invalid, fullWidth, className, ...rest } = props;
  return <select {...rest} className={fieldClass({ look, invalid, fullWidth, className })} />;
}
