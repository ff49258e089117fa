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
        String authority = caPem == null ? ""
                : ", certificate-authority-data: " + Base64.getEncoder().encodeToString(caPem.getBytes(StandardCharsets.US_ASCII));
        try {
            return Files.writeString(file, String.join("\n",
                    "apiVersion: v1",
                    "kind: Config",
                    "clusters:",
                    "- name: c",
                    "  cluster: {server: '" + server + "'" + authority + "}",
                    "users:",
                    "- name: u",
                    USER,
                    "contexts:",
                    "- name: c",
                    "  context: {cluster: c, user: u}",
                    "current-context: c",
                    ""));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
