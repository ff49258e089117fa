package dev.bundlectl.source.testing;

import dev.bundlectl.bundle.testing.SharedDirectory;
import dev.bundlectl.source.BundleSources;
import dev.bundlectl.source.ResolvedSource;
import dev.bundlectl.source.SourceSettings;
import dev.bundlectl.source.registry.CredentialStore;
import dev.bundlectl.source.registry.RegistryOptions;
import dev.bundlectl.source.registry.RetryPolicy;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import java.nio.file.Path;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

/** Runs pulls from a test thread (never an event loop), and finds the sample bundles. */
public final class Pulls implements AutoCloseable {

    private final Vertx vertx = Vertx.vertx();

    public static Path sample(String name) {
        return SharedDirectory.repoRoot().resolve("samples/bundles/" + name);
    }

    public BundleSources sources(Path cache, CredentialStore credentials, Path caFile, boolean refresh) {
        return new BundleSources(vertx, new SourceSettings(new RegistryOptions(credentials, Set.of(), caFile,
                RetryPolicy.DEFAULT), cache, refresh));
    }

    /** Anonymous, with {@code insecure} registries allowed plain http or an unverified certificate. */
    public BundleSources insecure(Path cache, String... insecure) {
        return new BundleSources(vertx, new SourceSettings(new RegistryOptions(CredentialStore.anonymous(),
                Set.of(insecure), null, RetryPolicy.DEFAULT), cache, false));
    }

    public BundleSources anonymous(Path cache) {
        return sources(cache, CredentialStore.anonymous(), null, false);
    }

    /** The future's value, or its failure (unwrapped) thrown. */
    public static <T> T await(Future<T> future) {
        try {
            return future.toCompletionStage().toCompletableFuture().get(60, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException runtime) {
                throw runtime;
            }
            throw new IllegalStateException(e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        } catch (java.util.concurrent.TimeoutException e) {
            throw new AssertionError("the pull did not finish within 60 s", e);
        }
    }

    public static ResolvedSource pull(BundleSources sources, String reference) {
        return await(sources.bundle(reference));
    }

    @Override
    public void close() {
        await(vertx.close());
    }
}
