import { Link, type LinkProps, NavLink, type NavLinkProps } from "react-router";
import { useLocalize } from "../lib/root-data";

/** A router Link whose string `to` is an app path ("/hub"); the current language prefix is added. */
export function LocalLink(props: LinkProps & { to: string }) {
  const localize = useLocalize();
  return <Link {...props} to={localize(props.to)} />;
}

export function LocalNavLink(props: NavLinkProps & { to: string }) {
  const localize = useLocalize();
  return <NavLink {...props} to={localize(props.to)} />;
}
