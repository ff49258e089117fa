package dev.bundlectl.plan;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** A list of the server's problems, cut to its first and a count wherever it is not the step's own message. */
class ProblemListTest {

    @Test
    void aListOfSeveralIsCutToItsFirstAndACount() {
        String message = "ClusterServiceVersion.operators.coreos.com \"x\" is invalid: [spec.a[0].name: Required value, "
                + "spec.b: Invalid value: \"a, b\": must be x, y or z, metadata.labels: Invalid value: \"-\": a valid "
                + "label must be an empty string, or else]";
        assertThat(ProblemList.brief(message)).isEqualTo("ClusterServiceVersion.operators.coreos.com \"x\" is invalid: "
                + "spec.a[0].name: Required value (and 2 more problems, listed in the step)");
    }

    @Test
    void twoProblemsLeaveOneMore() {
        assertThat(ProblemList.brief("ConfigMap \"c\" is invalid: [data[a]: Invalid value: must be a string, "
                + "data[b]: Too long: must have at most 9 bytes]"))
                .isEqualTo("ConfigMap \"c\" is invalid: data[a]: Invalid value: must be a string (and 1 more problem, "
                        + "listed in the step)");
    }

    @Test
    void anythingElseIsLeftAsItIs() {
        String one = "ConfigMap \"c\" is invalid: metadata.name: Invalid value: \"[a, b]\": no";
        assertThat(ProblemList.brief(one)).isEqualTo(one);
        assertThat(ProblemList.brief("GroupVersionKind a/v1, Kind=B not found on the cluster")).isEqualTo(
                "GroupVersionKind a/v1, Kind=B not found on the cluster");
        assertThat(ProblemList.brief("x is invalid: [only one: Required value]")).isEqualTo(
                "x is invalid: [only one: Required value]");
        assertThat(ProblemList.brief(null)).isNull();
    }
}
