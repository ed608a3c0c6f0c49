// A live stub: computed per call, deterministic so runs are reproducible.
export function airQuality(args: { city?: string }): { city: string; aqi: number; level: string } {
  const city = String(args.city ?? 'unknown')
  const aqi = [...city].reduce((sum, char) => sum + char.charCodeAt(0), 0) % 200
  return { city, aqi, level: aqi < 50 ? 'good' : aqi < 100 ? 'moderate' : 'unhealthy' }
}
