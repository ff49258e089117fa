package dev.bundlectl.source.registry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.bundlectl.source.errors.BadReferenceException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CredentialStoreTest {

    @TempDir
    Path temp;

    @Test
    void readsBase64AuthByHostAndNeverPrintsThePassword() throws IOException {
        Path file = Files.writeString(temp.resolve("auth.json"), """
                {"auths": {"https://quay.io/v1/": {"auth": "dXNlcjpwYTpzcw=="},
                           "127.0.0.1:5000": {"username": "u2", "password": "p2"}}}""");

        CredentialStore store = CredentialStore.load(file, "--registry-config");

        assertThat(store.forRegistry("quay.io")).hasValue(new Credentials("user", "pa:ss"));
        assertThat(store.forRegistry("127.0.0.1:5000").orElseThrow().username()).isEqualTo("u2");
        assertThat(store.forRegistry("docker.io")).isEmpty();
        assertThat(store.forRegistry("quay.io").orElseThrow().toString()).doesNotContain("pa:ss");
    }

    @Test
    void theExplicitFileWinsThenTheEnvironmentThenDockersAndAMissingDefaultIsAnonymous() throws IOException {
        Path home = Files.createDirectories(temp.resolve("home/.docker")).getParent();
        Files.writeString(home.resolve(".docker/config.json"), "{\"auths\": {\"h\": {\"auth\": \"YTpi\"}}}");
        Path env = Files.writeString(temp.resolve("env.json"), "{\"auths\": {\"h\": {\"auth\": \"Yzpk\"}}}");

        assertThat(CredentialStore.locate(null, null, home).forRegistry("h").orElseThrow().username()).isEqualTo("a");
        assertThat(CredentialStore.locate(null, env.toString(), home).forRegistry("h").orElseThrow().username()).isEqualTo("c");
        assertThat(CredentialStore.locate(null, null, temp.resolve("nobody")).forRegistry("h")).isEmpty();
        assertThatThrownBy(() -> CredentialStore.locate(temp.resolve("missing.json"), null, home))
                .isInstanceOf(BadReferenceException.class).hasMessageContaining("--registry-config");
    }

    @Test
    void aMalformedFileNamesTheField() throws IOException {
        Path file = Files.writeString(temp.resolve("auth.json"), "{\"auths\": {\"h\": {\"auth\": \"%%%\"}}}");
        assertThatThrownBy(() -> CredentialStore.load(file, "x")).hasMessageContaining("auths[\"h\"].auth: not base64");
    }

    @Test
    void challengesParseBearerAndBasic() {
        Challenge bearer = Challenge.parse("Bearer realm=\"https://auth.example/token\",service=\"registry.example\","
                + "scope=\"repository:a/b:pull\"").orElseThrow();
        assertThat(bearer.scheme()).isEqualTo("bearer");
        assertThat(bearer.parameter("realm")).isEqualTo("https://auth.example/token");
        assertThat(bearer.parameter("scope")).isEqualTo("repository:a/b:pull");
        assertThat(Challenge.parse("Basic realm=\"test\"").orElseThrow().scheme()).isEqualTo("basic");
        assertThat(Challenge.parse("")).isEmpty();
    }

    @Test
    void retriesAreBoundedAndHonourRetryAfterUpToTheCap() {
        assertThat(RetryPolicy.DEFAULT.pause(1, null)).hasMillis(500);
        assertThat(RetryPolicy.DEFAULT.pause(2, null)).hasMillis(1000);
        assertThat(RetryPolicy.DEFAULT.pause(1, "2")).hasSeconds(2);
        assertThat(RetryPolicy.DEFAULT.pause(1, "3600")).hasSeconds(4);
        assertThat(RetryPolicy.retryable(429)).isTrue();
        assertThat(RetryPolicy.retryable(404)).isFalse();
    }
}
