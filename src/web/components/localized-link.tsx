import { Link, type LinkProps, NavLink, type NavLinkProps } from "react-router";
import { useLocalize } from "../lib/root-data";
import { useLinkDiscover } from "../lib/static-visitor-page";

/** A router Link whose string `to` is an app path ("/hub"); the current language prefix is added. */
export function LocalLink(props: LinkProps & { to: string }) {
  const localize = useLocalize();
  const discover = useLinkDiscover() ?? props.discover;
  return <Link {...props} to={localize(props.to)} discover={discover} />;
}

export function LocalNavLink(props: NavLinkProps & { to: string }) {
  const localize = useLocalize();
  const discover = useLinkDiscover() ?? props.discover;
  return <NavLink {...props} to={localize(props.to)} discover={discover} />;
}
