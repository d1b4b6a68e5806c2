/** Portico Geo demo data: well-known facts (names, countries, rounded coordinates and populations), no licence needed. */
export interface DemoCity {
  id: string;
  name: string;
  country: string;
  latitude: number;
  longitude: number;
  population: number;
  timezone: string;
}

export const DEMO_CITIES: readonly DemoCity[] = [
  {
    id: "ams",
    name: "Amsterdam",
    country: "NL",
    latitude: 52.37,
    longitude: 4.9,
    population: 921_000,
    timezone: "Europe/Amsterdam",
  },
  {
    id: "ber",
    name: "Berlin",
    country: "DE",
    latitude: 52.52,
    longitude: 13.4,
    population: 3_755_000,
    timezone: "Europe/Berlin",
  },
  {
    id: "bom",
    name: "Mumbai",
    country: "IN",
    latitude: 19.08,
    longitude: 72.88,
    population: 12_442_000,
    timezone: "Asia/Kolkata",
  },
  {
    id: "cai",
    name: "Cairo",
    country: "EG",
    latitude: 30.04,
    longitude: 31.24,
    population: 10_100_000,
    timezone: "Africa/Cairo",
  },
  {
    id: "lon",
    name: "London",
    country: "GB",
    latitude: 51.51,
    longitude: -0.13,
    population: 8_866_000,
    timezone: "Europe/London",
  },
  {
    id: "mad",
    name: "Madrid",
    country: "ES",
    latitude: 40.42,
    longitude: -3.7,
    population: 3_332_000,
    timezone: "Europe/Madrid",
  },
  {
    id: "mex",
    name: "Mexico City",
    country: "MX",
    latitude: 19.43,
    longitude: -99.13,
    population: 9_209_000,
    timezone: "America/Mexico_City",
  },
  {
    id: "nyc",
    name: "New York",
    country: "US",
    latitude: 40.71,
    longitude: -74.01,
    population: 8_336_000,
    timezone: "America/New_York",
  },
  {
    id: "par",
    name: "Paris",
    country: "FR",
    latitude: 48.86,
    longitude: 2.35,
    population: 2_102_000,
    timezone: "Europe/Paris",
  },
  {
    id: "sao",
    name: "São Paulo",
    country: "BR",
    latitude: -23.55,
    longitude: -46.63,
    population: 11_451_000,
    timezone: "America/Sao_Paulo",
  },
  {
    id: "sel",
    name: "Seoul",
    country: "KR",
    latitude: 37.57,
    longitude: 126.98,
    population: 9_411_000,
    timezone: "Asia/Seoul",
  },
  {
    id: "syd",
    name: "Sydney",
    country: "AU",
    latitude: -33.87,
    longitude: 151.21,
    population: 5_450_000,
    timezone: "Australia/Sydney",
  },
  {
    id: "tlv",
    name: "Tel Aviv",
    country: "IL",
    latitude: 32.09,
    longitude: 34.78,
    population: 475_000,
    timezone: "Asia/Jerusalem",
  },
  {
    id: "tyo",
    name: "Tokyo",
    country: "JP",
    latitude: 35.68,
    longitude: 139.69,
    population: 14_094_000,
    timezone: "Asia/Tokyo",
  },
];

/** Great-circle distance in kilometres (haversine). */
export function distanceKm(a: DemoCity, b: DemoCity): number {
  const rad = (d: number) => (d * Math.PI) / 180;
  const dLat = rad(b.latitude - a.latitude);
  const dLon = rad(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return Math.round(2 * 6371 * Math.asin(Math.sqrt(h)));
}

/** A deterministic, plausible daily forecast (synthetic: varies with latitude, season and the day). */
export function syntheticForecast(city: DemoCity, days: number, now = Date.now()) {
  const start = Math.floor(now / 86_400_000);
  return Array.from({ length: days }, (_, i) => {
    const day = start + i;
    const season = Math.cos(((day % 365) / 365) * 2 * Math.PI) * (city.latitude >= 0 ? 1 : -1);
    const base = 27 - Math.abs(city.latitude) * 0.35 - season * 8;
    const wobble = Math.sin(day * 1.7 + city.longitude) * 3;
    const high = Math.round((base + wobble + 4) * 10) / 10;
    const low = Math.round((base + wobble - 4) * 10) / 10;
    const rain = Math.round(Math.abs(Math.sin(day * 2.3 + city.latitude)) * 100);
    return {
      date: new Date(day * 86_400_000).toISOString().slice(0, 10),
      highC: high,
      lowC: low,
      precipitationChance: rain,
      summary: rain > 70 ? "Rain" : rain > 40 ? "Cloudy" : "Sunny",
    };
  });
}
