package dev.bundlectl.executor.testing;

import io.fabric8.kubernetes.api.model.ServiceAccountBuilder;
import io.fabric8.kubernetes.api.model.rbac.PolicyRule;
import io.fabric8.kubernetes.api.model.rbac.RoleBindingBuilder;
import io.fabric8.kubernetes.api.model.rbac.RoleBuilder;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;

/**
 * Real identities on a {@link RealApiServer}: a ServiceAccount with a token minted by the server's
 * TokenRequest API ({@code serviceaccounts/<name>/token}) and a kubeconfig that uses it. Unlike
 * {@link RealApiServer#kubeconfigAs} (the admin's certificate impersonating someone), requests
 * made with it are authenticated as the ServiceAccount itself, and hold only the rights that
 * {@link #allow} (or another binding) grants. No controller is needed: the API server mints and
 * checks the tokens itself.
 */
public final class RealIdentities {

    /** How long a minted token lasts: longer than any test run. */
    private static final long TOKEN_SECONDS = 3600;

    private RealIdentities() {
    }

    /**
     * Creates the ServiceAccount {@code namespace/name}, mints a token for it, and writes a
     * kubeconfig for it into {@code dir} with the server's URL and certificate authority.
     *
     * @param contextNamespace the kubeconfig context's namespace; null for none
     */
    public static RealIdentity serviceAccount(RealApiServer server, Path dir, String namespace, String name,
            String contextNamespace) {
        server.client().serviceAccounts().inNamespace(namespace).resource(new ServiceAccountBuilder()
                .withNewMetadata().withName(name).endMetadata().build()).create();
        return existingServiceAccount(server, dir, namespace, name, contextNamespace);
    }

    /**
     * A token and kubeconfig, as {@link #serviceAccount} makes them, for a ServiceAccount that
     * already exists (one {@code deploy/} made, say).
     */
    public static RealIdentity existingServiceAccount(RealApiServer server, Path dir, String namespace, String name,
            String contextNamespace) {
        KubernetesClient admin = server.client();
        // A plain POST to the token subresource: fabric8's typed TokenRequest lives in a model module
        // the CLI's classpath leaves out, and its tests run on that classpath.
        String minted = admin.raw(admin.getMasterUrl() + "api/v1/namespaces/" + namespace + "/serviceaccounts/" + name
                + "/token", "POST", java.util.Map.of("apiVersion", "authentication.k8s.io/v1", "kind", "TokenRequest",
                        "spec", java.util.Map.of("expirationSeconds", TOKEN_SECONDS)));
        String token = Serialization.unmarshal(minted, java.util.Map.class).get("status") instanceof java.util.Map<?, ?> status
                ? String.valueOf(status.get("token")) : null;
        if (token == null || token.isEmpty() || "null".equals(token)) {
            throw new IllegalStateException("the TokenRequest for " + namespace + "/" + name + " gave no token");
        }
        Config config = server.config();
        Path kubeconfig = TokenKubeconfig.write(dir.resolve("kubeconfig-sa-" + namespace + "-" + name + ".yaml"),
                config.getMasterUrl(), certificateAuthority(config), token, contextNamespace);
        return new RealIdentity(namespace, name, token, kubeconfig);
    }

    /**
     * Grants {@code who} the {@code rules} in {@code namespace}: a Role and a RoleBinding, both
     * named after the ServiceAccount.
     */
    public static void allow(RealApiServer server, RealIdentity who, String namespace, List<PolicyRule> rules) {
        KubernetesClient admin = server.client();
        String name = "allow-" + who.namespace() + "-" + who.name();
        admin.rbac().roles().inNamespace(namespace).resource(new RoleBuilder()
                .withNewMetadata().withName(name).endMetadata()
                .withRules(rules)
                .build()).create();
        admin.rbac().roleBindings().inNamespace(namespace).resource(new RoleBindingBuilder()
                .withNewMetadata().withName(name).endMetadata()
                .withNewRoleRef("rbac.authorization.k8s.io", "Role", name)
                .addNewSubject().withKind("ServiceAccount").withNamespace(who.namespace()).withName(who.name()).endSubject()
                .build()).create();
    }

    /** The PEM of the authority the admin kubeconfig trusts, inline or in a file. */
    private static String certificateAuthority(Config config) {
        try {
            if (config.getCaCertData() != null && !config.getCaCertData().isEmpty()) {
                return new String(Base64.getDecoder().decode(config.getCaCertData()), StandardCharsets.US_ASCII);
            }
            return Files.readString(Path.of(config.getCaCertFile()), StandardCharsets.US_ASCII);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
