package dev.bundlectl.executor.testing;

import io.fabric8.kubernetes.client.Config;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Objects;

/**
 * A ServiceAccount of a {@link RealApiServer} with a real token of its own ({@link RealIdentities}):
 * the server authenticates every request made with it as {@link #username()}, and authorizes it
 * by RBAC, with only what RoleBindings grant it.
 *
 * @param namespace the ServiceAccount's namespace
 * @param name the ServiceAccount's name
 * @param token the bearer token the server minted for it (never print it)
 * @param kubeconfig a kubeconfig file with the server, its certificate authority and this token
 */
public record RealIdentity(String namespace, String name, String token, Path kubeconfig) {

    public RealIdentity {
        Objects.requireNonNull(namespace, "namespace");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(token, "token");
        Objects.requireNonNull(kubeconfig, "kubeconfig");
    }

    /** The user name the server knows it by: {@code system:serviceaccount:<namespace>:<name>}. */
    public String username() {
        return "system:serviceaccount:" + namespace + ":" + name;
    }

    /** A fabric8 configuration read from {@link #kubeconfig()}, as bundlectl would read it. */
    public Config config() {
        try {
            return Config.fromKubeconfig(Files.readString(kubeconfig));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Never the token. */
    @Override
    public String toString() {
        return "RealIdentity[" + username() + ", " + kubeconfig + "]";
    }
}
