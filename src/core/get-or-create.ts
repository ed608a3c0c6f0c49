/** What a Map or WeakMap cache needs: the read-once caches of src/ all share this one lookup. */
type Cache<K, V> = { get(key: K): V | undefined; set(key: K, value: V): unknown }

/** The value `cache` holds for `key`, made by `make` and kept on first use (a `make` that throws keeps nothing). */
export function getOrCreate<K, V>(cache: Cache<K, V>, key: K, make: () => V): V {
  let value = cache.get(key)
  if (value === undefined) {
    value = make()
    cache.set(key, value)
  }
  return value
}
