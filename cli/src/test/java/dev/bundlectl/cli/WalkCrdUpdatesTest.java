package dev.bundlectl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.bundlectl.plan.crdsafety.CrdSafetyPolicy;
import dev.bundlectl.source.catalog.CatalogBundle;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A walk's later hops, each compared offline with the hop before it, as {@code install} and {@code plan} judge them. */
class WalkCrdUpdatesTest {

    private static final String REMOVED = "CRD upgrade safety: hop 3 of 3 (walk-operator.v1.2.0 over "
            + "walk-operator.v1.1.0): caches.walk.bundlectl.dev v1alpha1 .spec.memory: existingFieldRemoval: removed "
            + "(was a field of type string)";

    @TempDir
    Path dir;

    @Test
    void aLaterHopThatBreaksAFieldIsAWarningOrUnderStrictARefusal() {
        CrdChangeBundles bundles = new CrdChangeBundles(dir, "walk");
        List<SourcedInput> hops = List.of(
                SourcedInput.directory(bundles.write(CrdChangeBundles.version("1.0.0"))),
                SourcedInput.directory(bundles.write(CrdChangeBundles.version("1.1.0").replacing("1.0.0")
                        .field("extra", "{type: string}"))),
                SourcedInput.directory(bundles.write(CrdChangeBundles.version("1.2.0").replacing("1.1.0")
                        .field("extra", "{type: string}").withoutField("memory"))));
        List<CatalogBundle> names = List.of(named(bundles, "1.0.0"), named(bundles, "1.1.0"), named(bundles, "1.2.0"));
        StringWriter warned = new StringWriter();
        StringWriter refused = new StringWriter();

        assertThat(WalkCrdUpdates.report(hops, names, CrdSafetyPolicy.WARN, new PrintWriter(warned, true))).isFalse();
        assertThat(WalkCrdUpdates.report(hops, names, CrdSafetyPolicy.STRICT, new PrintWriter(refused, true))).isTrue();

        assertThat(warned.toString()).isEqualTo("warning: " + REMOVED + "\n");
        assertThat(refused.toString()).isEqualTo("error: " + REMOVED + "\nerror: --crd-upgrade-safety=strict refuses "
                + "the walk: a later hop's CRD updates would break stored objects; nothing was applied\n");
    }

    private static CatalogBundle named(CrdChangeBundles bundles, String version) {
        return new CatalogBundle(bundles.csv(version), bundles.packageName(), "localhost:5000/walk:" + version, null);
    }
}
