package dev.bundlectl.bench.install;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class InstallLatencyOptionsTest {

    @Test
    void defaultsAreTwentyMillisecondsFiftyObjectsFiveRunsTwoWarmUps() {
        assertThat(InstallLatencyOptions.parse()).isEqualTo(new InstallLatencyOptions(20, 50, 5, 2, false));
    }

    @Test
    void readsValuesAfterTheOptionOrAfterAnEqualsSign() {
        assertThat(InstallLatencyOptions.parse("--latency-ms", "0", "--objects=120", "--runs", "9", "--warmups=0"))
                .isEqualTo(new InstallLatencyOptions(0, 120, 9, 0, false));
        assertThat(InstallLatencyOptions.parse("--help").help()).isTrue();
    }

    @Test
    void namesTheBadArgument() {
        assertThatThrownBy(() -> InstallLatencyOptions.parse("--latency", "20"))
                .hasMessageStartingWith("unknown option --latency; usage:");
        assertThatThrownBy(() -> InstallLatencyOptions.parse("--runs", "five"))
                .hasMessage("--runs must be a whole number, not 'five'");
        assertThatThrownBy(() -> InstallLatencyOptions.parse("--objects", "99999999999"))
                .hasMessage("--objects must be a whole number, not '99999999999'");
        assertThatThrownBy(() -> InstallLatencyOptions.parse("--objects", "2"))
                .hasMessage("--objects must be between 3 and 2000, not 2");
        assertThatThrownBy(() -> InstallLatencyOptions.parse("--latency-ms", "-1"))
                .hasMessage("--latency-ms must be between 0 and 10000, not -1");
        assertThatThrownBy(() -> InstallLatencyOptions.parse("--warmups"))
                .hasMessage("--warmups needs a value");
    }
}
