// Class name joiner for the design system (clsx re-export so components import one helper).
export { clsx as cn } from "clsx";
