package dev.bundlectl.executor.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;

/**
 * A one-cluster kubeconfig for a test server: the server URL, its certificate authority inline
 * (or none), and a user with a static token, as context {@code c}, the current one.
 */
public final class TokenKubeconfig {

    /** The user's line: a test that authenticates otherwise replaces it. */
    public static final String USER = "  user: {token: not-a-secret}";

    private TokenKubeconfig() {
    }

    /**
     * Writes {@code file}.
     *
     * @param server the cluster's URL
     * @param caPem the authority the kubeconfig names, PEM; null for none
     * @return {@code file}
     */
    public static Path write(Path file, String server, String caPem) {
        return writeWithUser(file, server, caPem, USER, null);
    }

    /**
     * Writes {@code file} for a user who authenticates with {@code token}, in context namespace
     * {@code namespace} (null for none).
     *
     * @return {@code file}
     */
    public static Path write(Path file, String server, String caPem, String token, String namespace) {
        return writeWithUser(file, server, caPem, "  user: {token: '" + token + "'}", namespace);
    }

    private static Path writeWithUser(Path file, String server, String caPem, String user, String namespace) {
        String authority = caPem == null ? ""
                : ", certificate-authority-data: " + Base64.getEncoder().encodeToString(caPem.getBytes(StandardCharsets.US_ASCII));
        String inNamespace = namespace == null ? "" : ", namespace: '" + namespace + "'";
        try {
            return Files.writeString(file, String.join("\n",
                    "apiVersion: v1",
                    "kind: Config",
                    "clusters:",
                    "- name: c",
                    "  cluster: {server: '" + server + "'" + authority + "}",
                    "users:",
                    "- name: u",
                    user,
                    "contexts:",
                    "- name: c",
                    "  context: {cluster: c, user: u" + inNamespace + "}",
                    "current-context: c",
                    ""));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
