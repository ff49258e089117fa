package dev.bundlectl.executor.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.api.model.authorization.v1.ResourceAttributesBuilder;
import io.fabric8.kubernetes.api.model.authorization.v1.SelfSubjectAccessReview;
import io.fabric8.kubernetes.api.model.authorization.v1.SelfSubjectAccessReviewBuilder;
import io.fabric8.kubernetes.api.model.rbac.PolicyRuleBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * A ServiceAccount token minted by the real API server's TokenRequest API authenticates as the
 * ServiceAccount itself, not as the admin, and holds exactly what a RoleBinding grants it.
 */
@ExtendWith(RealApiServerExtension.class)
class RealServerIdentitiesTest {

    @Test
    void aMintedTokenAuthenticatesAsTheServiceAccountAndMayDoNothingUnbound(RealApiServer server,
            @TempDir Path dir) throws Exception {
        String ns = server.newNamespace("identity");
        RealIdentity deployer = RealIdentities.serviceAccount(server, dir, ns, "deployer", ns);

        try (KubernetesClient client = clientOf(deployer)) {
            assertThat(client.getNamespace()).isEqualTo(ns);
            assertThatThrownBy(() -> client.configMaps().inNamespace(ns).list())
                    .isInstanceOfSatisfying(KubernetesClientException.class, forbidden -> {
                        assertThat(forbidden.getCode()).isEqualTo(403);
                        assertThat(forbidden.getMessage()).contains("User \"system:serviceaccount:" + ns + ":deployer\"");
                    });
            assertThat(allowed(client, ns, "list", "configmaps")).isFalse();
        }
        assertThat(deployer.username()).isEqualTo("system:serviceaccount:" + ns + ":deployer");
        assertThat(Files.readString(deployer.kubeconfig())).doesNotContain("client-certificate")
                .doesNotContain("as:").contains("certificate-authority-data");
        assertThat(deployer.toString()).doesNotContain(deployer.token());
    }

    @Test
    void aRoleBindingGrantsItsRulesInItsNamespaceAndNothingElse(RealApiServer server, @TempDir Path dir) {
        String ns = server.newNamespace("granted");
        String elsewhere = server.newNamespace("elsewhere");
        RealIdentity reader = RealIdentities.serviceAccount(server, dir, ns, "reader", null);
        RealIdentities.allow(server, reader, ns, List.of(new PolicyRuleBuilder().withApiGroups("")
                .withResources("configmaps").withVerbs("get", "list").build()));
        server.client().configMaps().inNamespace(ns).resource(new ConfigMapBuilder().withNewMetadata()
                .withName("settings").endMetadata().addToData("k", "v").build()).create();

        try (KubernetesClient client = clientOf(reader)) {
            assertThat(client.configMaps().inNamespace(ns).list().getItems()).extracting(map -> map.getMetadata()
                    .getName()).contains("settings");
            assertThat(allowed(client, ns, "list", "configmaps")).isTrue();
            assertThat(allowed(client, ns, "create", "configmaps")).isFalse();
            assertThat(allowed(client, ns, "get", "secrets")).isFalse();
            assertThat(allowed(client, elsewhere, "list", "configmaps")).isFalse();
            assertThatThrownBy(() -> client.configMaps().inNamespace(ns).resource(new ConfigMapBuilder()
                    .withNewMetadata().withName("written").endMetadata().build()).create())
                    .isInstanceOfSatisfying(KubernetesClientException.class,
                            forbidden -> assertThat(forbidden.getCode()).isEqualTo(403));
            assertThatThrownBy(() -> client.configMaps().inNamespace(elsewhere).list())
                    .isInstanceOfSatisfying(KubernetesClientException.class,
                            forbidden -> assertThat(forbidden.getCode()).isEqualTo(403));
        }
    }

    private static KubernetesClient clientOf(RealIdentity identity) {
        return new KubernetesClientBuilder().withConfig(identity.config()).build();
    }

    /** What the server's authorizer answers for this client's own user (a SelfSubjectAccessReview). */
    private static boolean allowed(KubernetesClient client, String ns, String verb, String resource) {
        SelfSubjectAccessReview review = client.authorization().v1().selfSubjectAccessReview()
                .create(new SelfSubjectAccessReviewBuilder().withNewSpec().withResourceAttributes(
                        new ResourceAttributesBuilder().withNamespace(ns).withVerb(verb).withResource(resource).build())
                        .endSpec().build());
        return review.getStatus().getAllowed();
    }
}
