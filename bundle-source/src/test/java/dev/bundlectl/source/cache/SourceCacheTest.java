package dev.bundlectl.source.cache;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.bundlectl.source.reference.Digest;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SourceCacheTest {

    private static final Digest DIGEST = Digest.of("a bundle".getBytes(StandardCharsets.UTF_8));

    @TempDir
    Path temp;

    /**
     * Two reconciles of the controller pulling the same bundle at once both stage it; the second
     * to commit finds the first's entry (bench/controller-fleet.sh saw this as a PlanningFailed
     * "cannot write the cache entry" at 10 installs with two workers).
     */
    @Test
    void theSecondCommitOfOneDigestKeepsTheFirstEntryAndDropsItsOwnCopy() throws IOException {
        SourceCache cache = new SourceCache(temp.resolve("cache"));
        Path first = staged(cache, "first");
        Path second = staged(cache, "second");

        Path entry = cache.commit(first, SourceCache.Kind.BUNDLES, DIGEST, false);
        Path again = cache.commit(second, SourceCache.Kind.BUNDLES, DIGEST, false);

        assertThat(again).isEqualTo(entry);
        assertThat(entry.resolve("manifests/csv.yaml")).hasContent("first");
        assertThat(second).doesNotExist();
        assertThat(cache.lookup(SourceCache.Kind.BUNDLES, DIGEST)).contains(entry);
    }

    @Test
    void aCommitThatFailsWithNoEntryInPlaceStillSaysSo() {
        SourceCache cache = new SourceCache(temp.resolve("cache"));
        Path missing = cache.scratch().resolve("never-staged");

        assertThatThrownBy(() -> cache.commit(missing, SourceCache.Kind.BUNDLES, DIGEST, false))
                .isInstanceOf(UncheckedIOException.class).hasMessageContaining("cannot write the cache entry");
        assertThat(cache.lookup(SourceCache.Kind.BUNDLES, DIGEST)).isEmpty();
    }

    private static Path staged(SourceCache cache, String content) throws IOException {
        Path scratch = cache.scratch();
        Files.createDirectories(scratch.resolve("manifests"));
        Files.writeString(scratch.resolve("manifests/csv.yaml"), content);
        return scratch;
    }
}
