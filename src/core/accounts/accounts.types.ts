/** The signed-in user as every request sees it (request.viewer, GraphQL ctx.viewer, loader context.viewer). */
export interface Viewer {
  id: string;
  tenantId: string;
  username: string;
  name: string;
  email: string | null;
  thumbnail: string | null;
  /** Tenant admin role (ADMIN_PANEL_ACCESS). */
  isAdmin: boolean;
  /** The e-mail address is proven (decision 022): domain-based joining and anything else trusting it require this. */
  emailVerified: boolean;
  /** The server-side session this request was authenticated with; null for viewers built outside a request. */
  sessionId: string | null;
}

/** Spec section 2 "Profile page": what /user/{username} shows. */
export interface UserProfile {
  id: string;
  username: string;
  name: string;
  thumbnail: string | null;
  position: string | null;
  company: string | null;
  location: string | null;
  bio: string | null;
  /** Only the owner sees their e-mail. */
  email: string | null;
  joinedAt: number;
  counts: ProfileCounts;
  isViewer: boolean;
  viewerFollows: boolean;
}

export interface ProfileCounts {
  publishedApis: number;
  followingApis: number;
  followers: number;
  following: number;
}

export interface ProfileUpdate {
  name?: string;
  position?: string | null;
  company?: string | null;
  location?: string | null;
  bio?: string | null;
  thumbnail?: string | null;
}

/** Spec section 3 "User": corporateDomain drives the Join Organization entry. */
export interface CorporateDomain {
  domain: string;
  ignore: boolean;
}

export interface SignInResult {
  user: Viewer;
  isNewUser: boolean;
}
