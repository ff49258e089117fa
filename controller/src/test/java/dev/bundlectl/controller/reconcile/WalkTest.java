package dev.bundlectl.controller.reconcile;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bundlectl.bundle.read.BundleReader;
import dev.bundlectl.controller.testing.SampleBundles;
import dev.bundlectl.plan.InstallPlanner;
import dev.bundlectl.plan.PlanRequest;
import dev.bundlectl.plan.api.ApiSurfaces;
import dev.bundlectl.plan.model.InstallPlan;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A walk along the channel as {@code status.walk} keeps it (docs/controller.md, "Following a
 * channel"): which fresh plans go on along the approved path, which hop is in flight, and when the
 * next look at it comes.
 */
class WalkTest {

    private static final Instant AT = Instant.parse("2026-11-29T10:00:00Z");
    private static final String V031 = PlannedBundle.hop("box.v0.3.1", "reg/box:v0.3.1");
    private static final String V032 = PlannedBundle.hop("box.v0.3.2", "reg/box:v0.3.2");
    private static final String V040 = PlannedBundle.hop("box.v0.4.0", "reg/box:v0.4.0");
    /** Any plan: a walk looks at the catalog entries, never at the steps. */
    private static final InstallPlan SAMPLE_PLAN = new InstallPlanner().plan(new BundleReader().read(
            SampleBundles.cachebox()).bundle().orElseThrow(), PlanRequest.of("ops", ApiSurfaces.builtIn(), "sample"))
            .plan();

    /** The walk 0.3.0 -> 0.3.1 -> 0.3.2 -> 0.4.0, its first hop about to be installed. */
    private static Walk started() {
        return Walk.start("sha256:whole", 4, "0.3.0", "0.4.0", planned(V031, "0.3.1", List.of(V032, V040), null));
    }

    @Test
    void aWalkSurvivesTheStatusUnchanged() {
        Walk walk = started().installed(AT);
        ObjectNode status = JsonNodeFactory.instance.objectNode();
        status.set("walk", walk.toJson());

        assertThat(Walk.of(status)).contains(walk);
        assertThat(walk.hops()).isEqualTo(3);
        assertThat(walk.hopNumber()).isEqualTo(1);
        assertThat(walk.current().bundleImage()).isEqualTo("reg/box@sha256:v0.3.1");
        assertThat(Walk.of(JsonNodeFactory.instance.objectNode())).isEmpty();
    }

    @Test
    void aFreshPlanGoesOnAlongThePathOnlyWhenItIsTheApprovedRest() {
        Walk walk = started();

        assertThat(walk.continuedBy(planned(V031, "0.3.1", List.of(V032, V040), "box.v0.3.0")))
                .as("the current hop again (not installed yet)").isTrue();
        assertThat(walk.continuedBy(planned(V032, "0.3.2", List.of(V040), "box.v0.3.1")))
                .as("the next hop, once the current one is installed").isTrue();
        assertThat(walk.continuedBy(planned(V032, "0.3.2", List.of(V040, PlannedBundle.hop("box.v0.5.0",
                "reg/box:v0.5.0")), "box.v0.3.1"))).as("the catalog added a hop").isFalse();
        assertThat(walk.continuedBy(planned(V040, "0.4.0", List.of(), "box.v0.3.1")))
                .as("the catalog now skips 0.3.2: a new path, approved anew").isFalse();
        assertThat(walk.continuedBy(planned(PlannedBundle.hop("box.v0.3.2", "reg/box:moved"), "0.3.2", List.of(V040),
                "box.v0.3.1"))).as("a hop's image changed").isFalse();
        assertThat(walk.continuedBy(planned(null, "0.3.2", List.of(), null))).as("no catalog").isFalse();
    }

    @Test
    void theHopInFlightIsTheCurrentOneOnceItsInstallStartedAndHopsFollowIt() {
        Walk walk = started();

        assertThat(walk.hopInFlight(new RecordedInstall("box.v0.3.1", "0.3.1", true))).isTrue();
        assertThat(walk.hopInFlight(new RecordedInstall("box.v0.3.1", "0.3.1", false))).as("half done").isTrue();
        assertThat(walk.hopInFlight(new RecordedInstall("box.v0.3.0", "0.3.0", true))).as("not started").isFalse();
        assertThat(walk.hopInFlight(null)).isFalse();

        Walk last = walk.installing(planned(V032, "0.3.2", List.of(V040), "box.v0.3.1"), "0.3.1")
                .installing(planned(V040, "0.4.0", List.of(), "box.v0.3.2"), "0.3.2");
        assertThat(last.lastHop()).isTrue();
        assertThat(last.hopNumber()).isEqualTo(3);
        assertThat(last.current().fromVersion()).isEqualTo("0.3.2");
        assertThat(last.hopInFlight(new RecordedInstall("box.v0.4.0", "0.4.0", true)))
                .as("the last hop is an install like any other").isFalse();
    }

    @Test
    void installingTheCurrentHopAgainKeepsTheWalkAsItIs() {
        Walk walk = started();
        assertThat(walk.installing(planned(V031, "0.3.1", List.of(V032, V040), "box.v0.3.0"), "0.3.0")).isSameAs(walk);
    }

    @Test
    void looksBackOffFromTheHopsInstallDoublingToThirtySeconds() {
        Walk walk = started().installed(AT);

        assertThat(started().nextLook(AT)).as("not installed yet").isEqualTo(Duration.ofSeconds(1));
        assertThat(walk.nextLook(AT)).isEqualTo(Duration.ofSeconds(1));
        assertThat(walk.nextLook(AT.plusSeconds(1))).isEqualTo(Duration.ofSeconds(1));
        assertThat(walk.nextLook(AT.plusSeconds(2))).isEqualTo(Duration.ofSeconds(2));
        assertThat(walk.nextLook(AT.plusSeconds(4))).isEqualTo(Duration.ofSeconds(4));
        assertThat(walk.nextLook(AT.plusSeconds(16))).isEqualTo(Duration.ofSeconds(16));
        assertThat(walk.nextLook(AT.plusSeconds(32))).isEqualTo(Duration.ofSeconds(30));
        assertThat(walk.nextLook(AT.plusSeconds(600))).isEqualTo(Duration.ofSeconds(30));
    }

    /** A plan of catalog entry {@code entry}, with {@code later} after it, made over {@code recorded}'s install. */
    private static PlannedBundle planned(String entry, String version, List<String> later, String recorded) {
        String csv = entry == null ? "box.v" + version : entry.substring(0, entry.indexOf('@'));
        return new PlannedBundle(SAMPLE_PLAN, "box", csv, version,
                "reg/box@sha256:v" + version, null, later, null, entry,
                recorded == null ? null : new RecordedInstall(recorded, null, true));
    }
}
