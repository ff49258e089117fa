package dev.bundlectl.source.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import dev.bundlectl.bundle.testing.SharedDirectory;
import dev.bundlectl.bundle.version.SemanticVersion;
import dev.bundlectl.bundle.version.VersionConstraint;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Where an installed package stands on the sample catalog's default channel, stable (0.3.0 ← 0.3.1 ← 0.4.0). */
class CatalogStandingTest {

    private static final String P = "cachebox-operator";

    private final Catalog sample = new CatalogLoader().load(SharedDirectory.repoRoot().resolve("samples/catalogs/cachebox"));

    @Test
    void anOlderVersionHasTheHeadAvailableAlongTheChannelsPath() {
        CatalogStanding standing = CatalogStanding.of(sample, P, P + ".v0.3.1", "0.3.1", null, "--version-range");

        assertThat(standing).isInstanceOf(CatalogStanding.UpgradeAvailable.class);
        CatalogStanding.UpgradeAvailable available = (CatalogStanding.UpgradeAvailable) standing;
        assertThat(available.channel().channel()).isEqualTo("stable");
        assertThat(available.channel().latest().name()).isEqualTo(P + ".v0.4.0");
        assertThat(available.channel().target()).isEqualTo(available.channel().latest());
        assertThat(available.channel().outOfRange()).isNull();
        assertThat(available.path()).extracting(CatalogBundle::name).containsExactly(P + ".v0.4.0");
    }

    @Test
    void theHeadIsUpToDateAndSoIsANewerVersionThanTheCatalogHas() {
        assertThat(CatalogStanding.of(sample, P, P + ".v0.4.0", "0.4.0", null, "--version-range"))
                .isEqualTo(new CatalogStanding.UpToDate(((CatalogStanding.UpgradeAvailable) CatalogStanding.of(sample, P,
                        P + ".v0.3.1", "0.3.1", null, "--version-range")).channel(), null));

        CatalogStanding newer = CatalogStanding.of(sample, P, P + ".v0.5.0", "0.5.0", null, "--version-range");
        assertThat(newer).isInstanceOf(CatalogStanding.UpToDate.class);
        assertThat(((CatalogStanding.UpToDate) newer).note())
                .isEqualTo("the installed 0.5.0 is not lower than 0.4.0, the newest in channel stable");
    }

    @Test
    void aRangeAimsAtItsNewestVersionAndSaysWhyTheHeadIsOutside() {
        VersionConstraint range = VersionConstraint.parse(">=0.3.0 <0.4.0");

        CatalogStanding fromOld = CatalogStanding.of(sample, P, P + ".v0.3.0", "0.3.0", range, "--version-range");
        CatalogStanding atTarget = CatalogStanding.of(sample, P, P + ".v0.3.1", "0.3.1", range, "--version-range");

        assertThat(fromOld).isInstanceOf(CatalogStanding.UpgradeAvailable.class);
        CatalogStanding.Channel channel = ((CatalogStanding.UpgradeAvailable) fromOld).channel();
        assertThat(channel.latest().name()).isEqualTo(P + ".v0.4.0");
        assertThat(channel.target().name()).isEqualTo(P + ".v0.3.1");
        assertThat(channel.outOfRange()).isEqualTo("0.4.0, the newest in channel stable, is outside --version-range "
                + ">=0.3.0 <0.4.0; 0.3.1 is the newest inside it");
        assertThat(((CatalogStanding.UpgradeAvailable) fromOld).path()).extracting(CatalogBundle::name)
                .containsExactly(P + ".v0.3.1");
        assertThat(atTarget).isEqualTo(new CatalogStanding.UpToDate(channel, null));
    }

    @Test
    void aHeadTheChannelDoesNotLeadToIsUnreachableNamingTheMissingEdge() {
        CatalogStanding standing = CatalogStanding.of(sample, P, P + ".v0.1.0", "0.1.0", null, "--version-range");

        assertThat(standing).isInstanceOf(CatalogStanding.Unreachable.class);
        assertThat(((CatalogStanding.Unreachable) standing).reason()).isEqualTo("cannot upgrade cachebox-operator from "
                + "cachebox-operator.v0.1.0 (0.1.0) to cachebox-operator.v0.4.0 (0.4.0): no entry of channel stable "
                + "replaces cachebox-operator.v0.1.0, skips it or has an olm.skipRange containing 0.1.0");
    }

    @Test
    void aPackageTheCatalogLacksAndARangeNothingIsInAreSaidSo() {
        assertThat(CatalogStanding.of(sample, "other-operator", "other-operator.v1.0.0", "1.0.0", null, "--version-range"))
                .isEqualTo(new CatalogStanding.NotInCatalog("package other-operator is not in the catalog"));
        assertThat(CatalogStanding.of(sample, P, P + ".v0.3.0", "0.3.0", VersionConstraint.parse(">=2"), "--version-range"))
                .isEqualTo(new CatalogStanding.Unresolved("stable", "--version-range >=2: no version in channel stable of "
                        + "package cachebox-operator is in the range (it has: 0.3.0, 0.3.1, 0.4.0)"));
    }

    @Test
    void aChannelWithoutOneHeadIsUnresolved() {
        Catalog twoHeads = new Catalog(Map.of(P, new CatalogPackage(P, "fast")),
                List.of(new CatalogChannel(P, "fast", List.of(new ChannelEntry("a", null, List.of(), null),
                        new ChannelEntry("b", null, List.of(), null)))),
                List.of(new CatalogBundle("a", P, "img:a", SemanticVersion.parse("1.0.0").orElseThrow()),
                        new CatalogBundle("b", P, "img:b", SemanticVersion.parse("1.1.0").orElseThrow())));

        assertThat(CatalogStanding.of(twoHeads, P, "a", "1.0.0", null, "--version-range"))
                .isEqualTo(new CatalogStanding.Unresolved("fast", "package cachebox-operator, channel fast: ambiguous head: "
                        + "a, b are replaced or skipped by no other entry"));
    }
}
