package dev.bundlectl.source.registry;

import java.nio.charset.StandardCharsets;
import java.util.Base64;

/**
 * A user name and password (or identity token) for one registry. {@link #toString()} never shows
 * the secret, so a credential cannot leak through a log line or a message by accident.
 */
public record Credentials(String username, String password) {

    /** The value of a Basic {@code Authorization} header. */
    public String basicHeader() {
        return "Basic " + Base64.getEncoder().encodeToString((username + ":" + password).getBytes(StandardCharsets.UTF_8));
    }

    @Override
    public String toString() {
        return "Credentials[username=" + username + ", password=<redacted>]";
    }
}
