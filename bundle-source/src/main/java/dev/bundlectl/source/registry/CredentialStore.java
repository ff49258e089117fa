package dev.bundlectl.source.registry;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.bundlectl.source.errors.BadReferenceException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Registry credentials from a Docker/Podman auth file ({@code {"auths": {"HOST": {"auth":
 * base64(user:password)}}}}). The file is the first of: the one given with
 * {@code --registry-config}, {@code $REGISTRY_AUTH_FILE}, {@code ~/.docker/config.json}; a missing
 * default file means anonymous access. Credential helpers ({@code credsStore}) are not run.
 */
public final class CredentialStore {

    private static final long MAX_FILE_BYTES = 4L * 1024 * 1024;

    private final Map<String, Credentials> byHost;

    private CredentialStore(Map<String, Credentials> byHost) {
        this.byHost = Map.copyOf(byHost);
    }

    /** No credentials at all. */
    public static CredentialStore anonymous() {
        return new CredentialStore(Map.of());
    }

    /**
     * The store from the first auth file that applies.
     *
     * @param explicit {@code --registry-config}, or null; it must exist
     * @param environmentFile {@code $REGISTRY_AUTH_FILE}, or null; it must exist when set
     * @param home the user's home directory, for {@code ~/.docker/config.json}, which may be missing
     */
    public static CredentialStore locate(Path explicit, String environmentFile, Path home) {
        if (explicit != null) {
            return load(explicit, "--registry-config");
        }
        if (environmentFile != null && !environmentFile.isBlank()) {
            return load(Path.of(environmentFile), "$REGISTRY_AUTH_FILE");
        }
        Path docker = home == null ? null : home.resolve(".docker/config.json");
        return docker != null && Files.isRegularFile(docker) ? load(docker, docker.toString()) : anonymous();
    }

    /** Reads {@code file}; a malformed or missing file is invalid input naming it and the field. */
    public static CredentialStore load(Path file, String origin) {
        JsonNode root;
        try {
            if (!Files.isRegularFile(file)) {
                throw new BadReferenceException(origin + " " + file + ": not a file");
            }
            if (Files.size(file) > MAX_FILE_BYTES) {
                throw new BadReferenceException(origin + " " + file + ": larger than 4 MiB");
            }
            root = new ObjectMapper().readTree(file.toFile());
        } catch (IOException e) {
            throw new BadReferenceException(origin + " " + file + ": not valid JSON");
        }
        Map<String, Credentials> byHost = new LinkedHashMap<>();
        JsonNode auths = root == null ? null : root.get("auths");
        if (auths == null || !auths.isObject()) {
            return new CredentialStore(byHost);
        }
        for (Map.Entry<String, JsonNode> entry : auths.properties()) {
            credentials(file, entry.getKey(), entry.getValue()).ifPresent(c -> byHost.put(hostKey(entry.getKey()), c));
        }
        return new CredentialStore(byHost);
    }

    private static Optional<Credentials> credentials(Path file, String host, JsonNode entry) {
        String encoded = entry.path("auth").asText("");
        if (!encoded.isEmpty()) {
            String decoded;
            try {
                decoded = new String(Base64.getDecoder().decode(encoded.strip()), StandardCharsets.UTF_8);
            } catch (IllegalArgumentException e) {
                throw new BadReferenceException(file + ": auths[\"" + host + "\"].auth: not base64");
            }
            int colon = decoded.indexOf(':');
            if (colon <= 0) {
                throw new BadReferenceException(file + ": auths[\"" + host + "\"].auth: not base64 of user:password");
            }
            return Optional.of(new Credentials(decoded.substring(0, colon), decoded.substring(colon + 1)));
        }
        String user = entry.path("username").asText("");
        String password = entry.path("password").asText("");
        return user.isEmpty() ? Optional.empty() : Optional.of(new Credentials(user, password));
    }

    /** {@code https://host:port/v1/} and {@code host:port} name the same registry. */
    static String hostKey(String key) {
        String host = key.replaceFirst("^[a-zA-Z][a-zA-Z0-9+.-]*://", "");
        int slash = host.indexOf('/');
        host = slash < 0 ? host : host.substring(0, slash);
        return "index.docker.io".equals(host) || "registry-1.docker.io".equals(host) ? "docker.io" : host;
    }

    /** The credentials for {@code registry} ({@code host[:port]}), if the file has some. */
    public Optional<Credentials> forRegistry(String registry) {
        return Optional.ofNullable(byHost.get(hostKey(registry)));
    }
}
