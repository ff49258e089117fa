package dev.bundlectl.source;

import dev.bundlectl.source.registry.RegistryOptions;
import java.nio.file.Path;

/**
 * How sources are fetched.
 *
 * @param registry credentials, insecure registries, extra CA, retries
 * @param cacheRoot the cache directory (see {@link dev.bundlectl.source.cache.SourceCache#defaultRoot})
 * @param refresh pull again even when the cache has the digest
 */
public record SourceSettings(RegistryOptions registry, Path cacheRoot, boolean refresh) {
}
