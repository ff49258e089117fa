package dev.bundlectl.executor.install;

import java.time.Duration;
import java.util.Objects;

/**
 * Whether one rendered Deployment became Available.
 *
 * @param namespace the Deployment's namespace
 * @param name its name
 * @param available whether its {@code Available} condition turned True in time
 * @param message the condition's message, or why it could not be read
 * @param waited how long it took, or how long was waited in vain
 */
public record DeploymentReadiness(String namespace, String name, boolean available, String message, Duration waited) {

    public DeploymentReadiness {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(waited, "waited");
    }

    /** One line for the user. */
    public String line() {
        String seconds = String.format("%.1fs", waited.toMillis() / 1000.0);
        return "Deployment " + namespace + "/" + name + ": "
                + (available ? "Available after " + seconds : "not Available after " + seconds)
                + (message == null || message.isBlank() ? "" : " (" + message + ")");
    }
}
