package dev.bundlectl.render;

import static dev.bundlectl.render.RenderFixtures.refused;
import static dev.bundlectl.render.RenderFixtures.render;
import static dev.bundlectl.render.RenderFixtures.request;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Malformed install strategies are refused with the field that is wrong, never with an exception. */
class CsvSpecReaderTest {

    private static List<RenderProblem> problems(String specYaml) {
        return refused(render(RenderFixtures.csv("""
                apiVersion: operators.coreos.com/v1alpha1
                kind: ClusterServiceVersion
                metadata: {name: broken.v1.0.0}
                spec:
                  installModes: [{type: AllNamespaces, supported: true}]
                %s""".formatted(specYaml.indent(2))), request(null, List.of(), CertProvider.SERVICE_CA)));
    }

    @Test
    void aMissingInstallStrategy() {
        assertThat(problems("displayName: Broken")).containsExactly(
                new RenderProblem("spec.install", "missing: the CSV has no install strategy to render"));
    }

    @Test
    void aStrategyOtherThanDeployment() {
        assertThat(problems("install: {strategy: helm, spec: {}}")).containsExactly(
                new RenderProblem("spec.install.strategy",
                        "strategy \"helm\": only the \"deployment\" install strategy can be rendered"));
    }

    @Test
    void deploymentsWithoutNameOrSpec() {
        assertThat(problems("""
                install:
                  strategy: deployment
                  spec:
                    deployments:
                      - spec: {}
                      - name: Not_A_Name
                        spec: {}
                      - name: no-spec
                      - just-a-string
                """)).extracting(RenderProblem::field, RenderProblem::message).containsExactly(
                tuple("spec.install.spec.deployments[0].name", "missing: every deployment needs a name"),
                tuple("spec.install.spec.deployments[1].name",
                        "\"Not_A_Name\" is not a valid Deployment name (a DNS subdomain)"),
                tuple("spec.install.spec.deployments[2].spec", "missing: deployment no-spec has no spec"),
                tuple("spec.install.spec.deployments[3]", "must be an object"));
    }

    @Test
    void aRuleKeepsOnlyPolicyRuleFieldsAsOlmsTypedRulesDo() {
        RenderOutcome.Rendered rendered = RenderFixtures.rendered(render(RenderFixtures.csv("""
                apiVersion: operators.coreos.com/v1alpha1
                kind: ClusterServiceVersion
                metadata: {name: legacy.v1.0.0}
                spec:
                  installModes: [{type: AllNamespaces, supported: true}]
                  install:
                    strategy: deployment
                    spec:
                      clusterPermissions:
                        - serviceAccountName: legacy
                          rules:
                            - apiGroups: [""]
                              resources: [pods]
                              resourceNames: [one]
                              verbs: [get]
                              attributeRestrictions: null
                            - nonResourceURLs: [/metrics]
                              verbs: [get]
                      deployments: []
                """), request(null, List.of(), CertProvider.SERVICE_CA)));

        assertThat(RenderFixtures.only(rendered, "ClusterRole").body().path("rules").toString()).isEqualTo(
                "[{\"apiGroups\":[\"\"],\"resources\":[\"pods\"],\"resourceNames\":[\"one\"],\"verbs\":[\"get\"]},"
                        + "{\"nonResourceURLs\":[\"/metrics\"],\"verbs\":[\"get\"]}]");
    }

    @Test
    void permissionsWithoutServiceAccountOrWithBadRules() {
        assertThat(problems("""
                install:
                  strategy: deployment
                  spec:
                    permissions:
                      - rules: []
                    clusterPermissions:
                      - serviceAccountName: sa
                        rules: {apiGroups: ["*"]}
                    deployments: {name: x}
                """)).extracting(RenderProblem::field, RenderProblem::message).containsExactly(
                tuple("spec.install.spec.deployments", "must be a list"),
                tuple("spec.install.spec.permissions[0].serviceAccountName", "missing"),
                tuple("spec.install.spec.clusterPermissions[0].rules", "must be a list of policy rules"));
    }

    @Test
    void webhookDefinitionsWithBadFields() {
        assertThat(problems("""
                install: {strategy: deployment, spec: {deployments: []}}
                webhookdefinitions:
                  - {type: AuditWebhook, generateName: a.example.com, deploymentName: d}
                  - {type: ValidatingAdmissionWebhook, deploymentName: d, containerPort: 70000}
                  - {type: ConversionWebhook, generateName: c.example.com}
                """)).extracting(RenderProblem::field).containsExactly(
                "spec.webhookdefinitions[0].type",
                "spec.webhookdefinitions[1].generateName",
                "spec.webhookdefinitions[1].containerPort",
                "spec.webhookdefinitions[2].deploymentName",
                "spec.webhookdefinitions[2].conversionCRDs");
    }
}
