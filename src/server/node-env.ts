// Imported first by the entry point: React and other libraries pick their production build from NODE_ENV at load
// time, before config parsing runs. An unset NODE_ENV silently meant React's development build (about 10x slower SSR).
process.env.NODE_ENV ??= "production";
