package dev.bundlectl.plan.upgrade;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class UpgradePathTest {

    private static final InstalledVersion V1 =
            new InstalledVersion("cachebox-operator", "cachebox-operator.v0.1.0", "0.1.0", "bundlectl.r1", List.of());

    @Test
    void noRecordIsAFirstInstall() {
        assertThat(UpgradePath.decide(Optional.empty(), edges("cachebox-operator.v0.1.0", null, List.of(), null), false))
                .isInstanceOf(UpgradeDecision.FirstInstall.class);
    }

    @Test
    void theSameCsvIsARerunWhateverItsEdges() {
        UpgradeDecision decision = UpgradePath.decide(Optional.of(V1),
                edges("cachebox-operator.v0.1.0", "cachebox-operator.v0.0.9", List.of(), null), false);

        assertThat(decision).isInstanceOf(UpgradeDecision.Rerun.class);
        assertThat(((UpgradeDecision.Rerun) decision).line())
                .isEqualTo("re-run of cachebox-operator.v0.1.0 (0.1.0), the installed CSV");
    }

    @Test
    void replacesSkipsAndSkipRangeEachConnect() {
        assertThat(edgeOf(edges("cachebox-operator.v0.2.0", "cachebox-operator.v0.1.0", List.of(), null)))
                .isEqualTo(UpgradeEdge.REPLACES);
        assertThat(edgeOf(edges("cachebox-operator.v0.3.0", "cachebox-operator.v0.2.0",
                List.of("cachebox-operator.v0.1.0"), null))).isEqualTo(UpgradeEdge.SKIPS);
        assertThat(edgeOf(edges("cachebox-operator.v0.3.0", null, List.of(), ">=0.1.0 <0.3.0")))
                .isEqualTo(UpgradeEdge.SKIP_RANGE);
    }

    @Test
    void theUpgradeLineNamesBothVersionsAndTheEdge() {
        UpgradeDecision decision = UpgradePath.decide(Optional.of(V1),
                edges("cachebox-operator.v0.2.0", "cachebox-operator.v0.1.0", List.of(), null), false);

        assertThat(((UpgradeDecision.Upgrade) decision).line()).isEqualTo(
                "upgrade from cachebox-operator.v0.1.0 (0.1.0) to cachebox-operator.v0.2.0 (0.2.0) via spec.replaces");
    }

    @Test
    void anUnconnectedCsvIsRefusedNamingBothVersionsAndWhy() {
        UpgradeDecision decision = UpgradePath.decide(Optional.of(V1),
                edges("cachebox-operator.v0.3.0", "cachebox-operator.v0.2.0", List.of(), ">=0.2.0 <0.3.0"), false);

        assertThat(decision).isInstanceOf(UpgradeDecision.Refused.class);
        assertThat(((UpgradeDecision.Refused) decision).message()).isEqualTo("cannot upgrade cachebox-operator from "
                + "cachebox-operator.v0.1.0 (0.1.0) to cachebox-operator.v0.3.0 (0.3.0): cachebox-operator.v0.3.0 "
                + "neither replaces nor skips cachebox-operator.v0.1.0, and its olm.skipRange \">=0.2.0 <0.3.0\" does "
                + "not contain 0.1.0; nothing was applied (--force installs it anyway)");
    }

    @Test
    void forceTurnsARefusalIntoAForcedUpgrade() {
        assertThat(UpgradePath.decide(Optional.of(V1), edges("other.v9.0.0", null, List.of(), null), true))
                .isEqualTo(new UpgradeDecision.Upgrade(V1, edges("other.v9.0.0", null, List.of(), null),
                        UpgradeEdge.FORCED));
    }

    @Test
    void aSkipRangeCannotBeCheckedWithoutAnInstalledVersionOrWithAnInvalidRange() {
        InstalledVersion unversioned = new InstalledVersion("cachebox-operator", "cachebox-operator.v0.1.0", null,
                "bundlectl.r0", List.of());

        UpgradeDecision noVersion = UpgradePath.decide(Optional.of(unversioned),
                edges("cachebox-operator.v0.3.0", null, List.of(), ">=0.0.1 <0.3.0"), false);
        UpgradeDecision badRange = UpgradePath.decide(Optional.of(V1),
                edges("cachebox-operator.v0.3.0", null, List.of(), "~0.1.0"), false);
        UpgradeDecision noRange = UpgradePath.decide(Optional.of(V1),
                edges("cachebox-operator.v0.3.0", null, List.of(), null), false);

        assertThat(((UpgradeDecision.Refused) noVersion).why())
                .endsWith("the installed version is not recorded, so its olm.skipRange \">=0.0.1 <0.3.0\" cannot be checked");
        assertThat(((UpgradeDecision.Refused) badRange).why()).endsWith("its olm.skipRange \"~0.1.0\" is not a semver range");
        assertThat(((UpgradeDecision.Refused) noRange).why()).endsWith("it has no olm.skipRange annotation");
    }

    @Test
    void aWildcardSkipRangeConnectsAsInACatalog() {
        // blang/semver's wildcards, read by the same range reader as a catalog's skipRange.
        assertThat(UpgradePath.decide(Optional.of(V1), edges("cachebox-operator.v0.3.0", null, List.of(), "0.1.x"), false))
                .isInstanceOf(UpgradeDecision.Upgrade.class);
        assertThat(UpgradePath.decide(Optional.of(V1), edges("cachebox-operator.v0.3.0", null, List.of(), ">=0.2.x <0.3.0"),
                false)).isInstanceOf(UpgradeDecision.Refused.class);
    }

    @Test
    void aLowerVersionIsRefusedWhateverEdgeReachesItAndForceInstallsIt() {
        InstalledVersion installed = new InstalledVersion("debezium-operator", "debezium-operator.v3.0.0-final",
                "3.0.0-final", "bundlectl.r2", List.of());
        // 2.6.1-final's skip range contains 3.0.0-final: the edge exists, the version goes back.
        UpgradeEdges older = new UpgradeEdges("debezium-operator.v2.6.1-final", "2.6.1-final", null, List.of(),
                ">2.5.3-final");

        UpgradeDecision refused = UpgradePath.decide(Optional.of(installed), older, false);
        UpgradeDecision forced = UpgradePath.decide(Optional.of(installed), older, true);

        assertThat(refused).isInstanceOf(UpgradeDecision.Refused.class);
        assertThat(((UpgradeDecision.Refused) refused).message()).isEqualTo("cannot upgrade debezium-operator from "
                + "debezium-operator.v3.0.0-final (3.0.0-final) to debezium-operator.v2.6.1-final (2.6.1-final): "
                + "version 2.6.1-final is lower than the installed 3.0.0-final, and bundlectl never downgrades, "
                + "whatever edge connects them; nothing was applied (--force installs it anyway)");
        assertThat(((UpgradeDecision.Refused) refused).downgrade()).isTrue();
        assertThat(forced).isInstanceOf(UpgradeDecision.Upgrade.class);
        UpgradeDecision.Upgrade rollback = (UpgradeDecision.Upgrade) forced;
        assertThat(rollback.edge()).isEqualTo(UpgradeEdge.FORCED);
        assertThat(rollback.rollback()).isTrue();
        assertThat(rollback.fromVersion()).isEqualTo("3.0.0-final");
        assertThat(rollback.line()).isEqualTo("rollback from debezium-operator.v3.0.0-final (3.0.0-final) to "
                + "debezium-operator.v2.6.1-final (2.6.1-final), a lower version");
    }

    @Test
    void anUnconnectedHigherVersionIsNoDowngradeAndForcedNoRollback() {
        UpgradeEdges higher = new UpgradeEdges("cachebox-operator.v0.3.0", "0.3.0", null, List.of(), null);

        assertThat(((UpgradeDecision.Refused) UpgradePath.decide(Optional.of(V1), higher, false)).downgrade()).isFalse();
        assertThat(((UpgradeDecision.Upgrade) UpgradePath.decide(Optional.of(V1), higher, true)).rollback()).isFalse();
    }

    @Test
    void aPrereleaseOfTheSameVersionIsLowerButAnUnversionedCsvIsJudgedByItsEdges() {
        UpgradeEdges prerelease = new UpgradeEdges("cachebox-operator.v0.1.0-rc1", "0.1.0-rc1",
                "cachebox-operator.v0.1.0", List.of(), null);
        UpgradeEdges unversioned = new UpgradeEdges("cachebox-operator.next", null, "cachebox-operator.v0.1.0",
                List.of(), null);

        assertThat(UpgradePath.decide(Optional.of(V1), prerelease, false)).isInstanceOf(UpgradeDecision.Refused.class);
        assertThat(UpgradePath.decide(Optional.of(V1), unversioned, false)).isInstanceOf(UpgradeDecision.Upgrade.class);
    }

    private static UpgradeEdge edgeOf(UpgradeEdges next) {
        UpgradeDecision decision = UpgradePath.decide(Optional.of(V1), next, false);
        assertThat(decision).isInstanceOf(UpgradeDecision.Upgrade.class);
        return ((UpgradeDecision.Upgrade) decision).edge();
    }

    private static UpgradeEdges edges(String csv, String replaces, List<String> skips, String skipRange) {
        return new UpgradeEdges(csv, csv.replaceAll(".*\\.v", ""), replaces, skips, skipRange);
    }
}
