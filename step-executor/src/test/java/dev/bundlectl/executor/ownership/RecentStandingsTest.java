package dev.bundlectl.executor.ownership;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import dev.bundlectl.executor.testing.SettableClock;
import org.junit.jupiter.api.Test;

/** Only "it stands" is remembered, and only for the period: a gone owner is read again every time. */
class RecentStandingsTest {

    private static final InstallOwner A = new InstallOwner("team-a", "cachebox-operator");
    private static final Instant T0 = Instant.parse("2026-11-29T10:00:00Z");

    @Test
    void aPresentOwnerIsRemembered() {
        RecentStandings recent = new RecentStandings(Duration.ofMinutes(1), Clock.fixed(T0, ZoneOffset.UTC));
        assertThat(recent.stands(A)).as("not seen yet").isFalse();
        recent.saw(A, new OwnerStanding.Present());
        assertThat(recent.stands(A)).isTrue();
        assertThat(recent.stands(new InstallOwner("team-a", "other-operator"))).isFalse();
    }

    @Test
    void anAnswerExpiresAfterThePeriod() {
        SettableClock clock = new SettableClock(T0);
        RecentStandings recent = new RecentStandings(Duration.ofMinutes(1), clock);
        recent.saw(A, new OwnerStanding.Present());
        clock.set(T0.plusSeconds(59));
        assertThat(recent.stands(A)).isTrue();
        clock.set(T0.plusSeconds(60));
        assertThat(recent.stands(A)).isFalse();
        assertThat(recent.size()).isZero();
    }

    @Test
    void goneAndUnknownOwnersAreNeverRemembered() {
        RecentStandings recent = new RecentStandings(Duration.ofMinutes(1), new SettableClock(T0));
        recent.saw(A, new OwnerStanding.Gone("namespace team-a no longer exists"));
        recent.saw(new InstallOwner("team-b", "x"), new OwnerStanding.Unknown("forbidden"));
        assertThat(recent.stands(A)).isFalse();
        assertThat(recent.size()).isZero();
    }

    @Test
    void noneRemembersNothing() {
        RecentStandings.NONE.saw(A, new OwnerStanding.Present());
        assertThat(RecentStandings.NONE.stands(A)).isFalse();
    }
}
