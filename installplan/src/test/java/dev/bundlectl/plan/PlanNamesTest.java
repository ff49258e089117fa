package dev.bundlectl.plan;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class PlanNamesTest {

    @Test
    void defaultNameIsInstallPlusCsvName() {
        assertThat(PlanNames.defaultFor("etcdoperator.v0.9.4")).isEqualTo("install-etcdoperator.v0.9.4");
    }

    @Test
    void defaultNameIsMadeDnsSafe() {
        assertThat(PlanNames.defaultFor("My_Operator.v1.0.0+build.7")).isEqualTo("install-my-operator.v1.0.0-build.7");
        assertThat(PlanNames.defaultFor("odd..name.-x-.")).isEqualTo("install-odd.name.x");
        String longName = PlanNames.defaultFor("a".repeat(300));
        assertThat(PlanNames.planNameProblem(longName)).isEmpty();
        assertThat(longName).hasSizeLessThanOrEqualTo(253);
    }

    @Test
    void planNamesAreDnsSubdomains() {
        assertThat(PlanNames.planNameProblem("install-demo.v1")).isEmpty();
        assertThat(PlanNames.planNameProblem("Install")).contains("plan name \"Install\" is not a DNS subdomain: use "
                + "lower-case letters, digits, '-' and '.', starting and ending with a letter or digit");
        assertThat(PlanNames.planNameProblem("")).contains("plan name is empty");
    }

    @Test
    void namespacesAreDnsLabels() {
        assertThat(PlanNames.namespaceProblem("openshift-operators")).isEmpty();
        assertThat(PlanNames.namespaceProblem("a.b")).contains("namespace \"a.b\" is not a DNS label: at most 63 "
                + "lower-case letters, digits and '-', starting and ending with a letter or digit");
        assertThat(PlanNames.namespaceProblem("x".repeat(64))).isPresent();
    }
}
