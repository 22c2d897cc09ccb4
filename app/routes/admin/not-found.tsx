/** An unknown address under /admin: for signed-in staff only (the layout signs others in). */
import { data } from "react-router";

export function loader() {
  throw data({ message: "There is no such page in the back office." }, { status: 404 });
}

export default function AdminNotFound() {
  return null;
}
