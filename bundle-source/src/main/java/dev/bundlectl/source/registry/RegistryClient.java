package dev.bundlectl.source.registry;

import dev.bundlectl.source.errors.BadReferenceException;
import dev.bundlectl.source.errors.RefusedImageException;
import dev.bundlectl.source.errors.RegistryUnavailableException;
import dev.bundlectl.source.registry.ContentStore;
import dev.bundlectl.source.reference.Digest;
import dev.bundlectl.source.reference.RegistryReference;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.core.file.OpenOptions;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.net.PemTrustOptions;
import io.vertx.ext.web.client.HttpRequest;
import io.vertx.ext.web.client.WebClient;
import io.vertx.ext.web.client.WebClientOptions;
import io.vertx.ext.web.codec.BodyCodec;
import java.net.ConnectException;
import java.net.UnknownHostException;
import java.nio.file.Path;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeoutException;
import javax.net.ssl.SSLException;

/**
 * Talks to registries over the OCI distribution API with the Vert.x web client, without ever
 * blocking an event loop: manifests and blobs stream into files while they are hashed. It answers
 * {@code WWW-Authenticate} challenges (Bearer tokens, asked for with the user's credentials when
 * there are some, or Basic), retries 429 and 503 within {@link RetryPolicy}, and uses TLS with
 * verification unless the registry is on loopback or listed as insecure and does not speak TLS.
 * Credentials and tokens are never put in a message.
 */
public final class RegistryClient implements AutoCloseable {

    /** A manifest or token response larger than this is not one. */
    static final long MAX_SMALL_DOCUMENT = 4L * 1024 * 1024;
    static final String MANIFEST_TYPES = String.join(",",
            "application/vnd.oci.image.manifest.v1+json",
            "application/vnd.oci.image.index.v1+json",
            "application/vnd.docker.distribution.manifest.v2+json",
            "application/vnd.docker.distribution.manifest.list.v2+json");

    private final Vertx vertx;
    private final RegistryOptions options;
    private final WebClient verified;
    private final WebClient unverified;
    private final Map<String, Future<String>> baseUrls = new ConcurrentHashMap<>();
    private final Map<String, String> authorizations = new ConcurrentHashMap<>();

    public RegistryClient(Vertx vertx, RegistryOptions options) {
        this.vertx = vertx;
        this.options = options;
        WebClientOptions web = new WebClientOptions().setConnectTimeout(10_000).setIdleTimeout(60)
                .setFollowRedirects(false).setUserAgent("bundlectl").setVerifyHost(true);
        if (options.caFile() != null) {
            web.setTrustOptions(new PemTrustOptions().addCertPath(options.caFile().toString()));
        }
        this.verified = WebClient.create(vertx, web);
        this.unverified = options.insecureRegistries().isEmpty() ? null
                : WebClient.create(vertx, new WebClientOptions(web).setTrustAll(true).setVerifyHost(false));
    }

    /** The content store of one repository. */
    public ContentStore repository(RegistryReference reference) {
        return new Repository(reference);
    }

    /**
     * The digest {@code reference}'s tag points at now, from one {@code HEAD} of its manifest (the
     * registry's {@code Docker-Content-Digest}); nothing is downloaded. Empty when the registry
     * answers without that header: the caller then reads the manifest itself. A reference pinned by
     * digest is answered without a request.
     */
    public Future<java.util.Optional<Digest>> currentDigest(RegistryReference reference) {
        if (reference.pinnedDigest() != null) {
            return Future.succeededFuture(java.util.Optional.of(reference.pinnedDigest()));
        }
        return new Repository(reference).headDigest().map(java.util.Optional::ofNullable);
    }

    @Override
    public void close() {
        verified.close();
        if (unverified != null) {
            unverified.close();
        }
    }

    private final class Repository implements ContentStore {

        private final RegistryReference reference;

        Repository(RegistryReference reference) {
            this.reference = reference;
        }

        @Override
        public Future<FetchedManifest> manifest(String tagOrDigest, Path scratch) {
            Path target = scratch.resolve("manifest-" + UUID.randomUUID());
            String what = reference.registry() + "/" + reference.repository() + ":" + tagOrDigest;
            return download("/manifests/" + tagOrDigest, MANIFEST_TYPES, target, what, MAX_SMALL_DOCUMENT, true)
                    .map(result -> {
                        if (Digest.isDigest(tagOrDigest) && !result.digest().toString().equals(tagOrDigest)) {
                            throw new RefusedImageException(what + ": the manifest's digest is " + result.digest()
                                    + ", not the one asked for");
                        }
                        return new FetchedManifest(target, result.mediaType(), result.digest());
                    });
        }

        @Override
        public Future<Path> blob(Descriptor descriptor, Path scratch) {
            Path target = scratch.resolve("blob-" + descriptor.digest().hex());
            String what = "blob " + descriptor.digest() + " of " + describe();
            return download("/blobs/" + descriptor.digest(), "*/*", target, what, descriptor.size(), false)
                    .map(result -> {
                        if (result.size() != descriptor.size()) {
                            throw new RefusedImageException(what + ": " + result.size() + " bytes, the manifest says "
                                    + descriptor.size());
                        }
                        if (!result.digest().equals(descriptor.digest())) {
                            throw new RefusedImageException(what + ": the content's digest is " + result.digest()
                                    + ", not the one the manifest names (wrong digest)");
                        }
                        return target;
                    });
        }

        @Override
        public String describe() {
            return reference.registry() + "/" + reference.repository();
        }

        /** The tag's digest from a HEAD of its manifest, or null when the registry does not send it. */
        Future<Digest> headDigest() {
            String what = reference.registry() + "/" + reference.repository() + ":" + reference.tag();
            return baseUrl(reference).compose(base -> withRetries(1, () -> authorized(authorization -> head(base
                    + "/v2/" + reference.repository() + "/manifests/" + reference.tag(), authorization))))
                    .recover(failure -> Future.failedFuture(described(failure, what, true)));
        }

        private Future<Digest> head(String url, String authorization) {
            var request = client(reference.registry()).requestAbs(HttpMethod.HEAD, url).putHeader("Accept",
                    MANIFEST_TYPES);
            if (authorization != null) {
                request.putHeader("Authorization", authorization);
            }
            return request.send().compose(response -> {
                if (response.statusCode() / 100 != 2) {
                    return Future.failedFuture(statusOf(response));
                }
                String header = response.getHeader("Docker-Content-Digest");
                return Future.succeededFuture(header != null && Digest.isDigest(header) ? Digest.parse(header) : null);
            });
        }

        private Future<Downloaded> download(String path, String accept, Path target, String what, long limit,
                boolean manifest) {
            return baseUrl(reference).compose(base -> withRetries(1,
                    () -> authorized(base + "/v2/" + reference.repository() + path, accept, target, what, limit)))
                    .recover(failure -> Future.failedFuture(described(failure, what, manifest)));
        }

        private <T> Future<T> withRetries(int attempt, java.util.function.Supplier<Future<T>> request) {
            return request.get().recover(failure -> {
                if (failure instanceof HttpStatusException status && RetryPolicy.retryable(status.status())
                        && attempt < options.retry().attempts()) {
                    Promise<T> later = Promise.promise();
                    long pause = Math.max(1, options.retry().pause(attempt, status.retryAfter()).toMillis());
                    vertx.setTimer(pause, id -> withRetries(attempt + 1, request).onComplete(later));
                    return later.future();
                }
                return Future.failedFuture(failure);
            });
        }

        private Future<Downloaded> authorized(String url, String accept, Path target, String what, long limit) {
            return authorized(authorization -> following(url, accept, authorization, target, what, limit, 0));
        }

        /**
         * {@code send} with the repository's known authorization (or none), and once more with a new one
         * when the registry answers 401 with a challenge; the new one is kept for the next request.
         */
        private <T> Future<T> authorized(java.util.function.Function<String, Future<T>> send) {
            String scope = "repository:" + reference.repository() + ":pull";
            String key = reference.registry() + " " + scope;
            return send.apply(authorizations.get(key)).recover(failure -> {
                if (failure instanceof HttpStatusException status && status.status() == 401) {
                    return authenticate(reference.registry(), status.authenticate(), scope)
                            .compose(authorization -> {
                                authorizations.put(key, authorization);
                                return send.apply(authorization);
                            });
                }
                return Future.failedFuture(failure);
            });
        }

        /**
         * Fetches {@code url}, following up to five redirects by hand: registries send blob GETs to
         * storage elsewhere, and the registry's credentials must not go with them to another host.
         */
        private Future<Downloaded> following(String url, String accept, String authorization, Path target, String what,
                long limit, int hops) {
            return fetch(url, accept, authorization, target, what, limit).recover(failure -> {
                if (failure instanceof HttpStatusException status && status.redirect() && hops < 5) {
                    java.net.URI next = java.net.URI.create(url).resolve(status.location());
                    boolean sameHost = next.getAuthority() != null
                            && next.getAuthority().equals(java.net.URI.create(url).getAuthority())
                            && next.getScheme().equals(java.net.URI.create(url).getScheme());
                    return following(next.toString(), accept, sameHost ? authorization : null, target, what, limit,
                            hops + 1);
                }
                return Future.failedFuture(failure);
            });
        }

        @SuppressWarnings("deprecation") // expect(...): see successOnly()
        private Future<Downloaded> fetch(String url, String accept, String authorization, Path target, String what,
                long limit) {
            return vertx.fileSystem().open(target.toString(), new OpenOptions().setWrite(true).setCreateNew(true))
                    .compose(file -> {
                        VerifyingFileSink sink = new VerifyingFileSink(file, what, limit);
                        HttpRequest<Void> request = client(reference.registry()).requestAbs(HttpMethod.GET, url)
                                .putHeader("Accept", accept).expect(successOnly()).as(BodyCodec.pipe(sink));
                        if (authorization != null) {
                            request.putHeader("Authorization", authorization);
                        }
                        return request.send()
                                .map(response -> new Downloaded(response.getHeader("Content-Type"), sink.digest(),
                                        sink.written()))
                                .recover(failure -> vertx.fileSystem().delete(target.toString())
                                        .transform(ignored -> Future.failedFuture(failure)));
                    });
        }
    }

    private record Downloaded(String mediaType, Digest digest, long size) {
    }

    /**
     * Fails a non-2xx response before its body is read, keeping what a retry or an authentication
     * needs. Response predicates are deprecated in 4.5 in favour of Vert.x 5's expectations, which
     * 4.x does not have; they are the 4.x web client's only way to refuse a body before it streams
     * into the verifying file.
     */
    @SuppressWarnings("deprecation")
    private static io.vertx.ext.web.client.predicate.ResponsePredicate successOnly() {
        return io.vertx.ext.web.client.predicate.ResponsePredicate.create(response -> response.statusCode() / 100 == 2
                ? io.vertx.ext.web.client.predicate.ResponsePredicateResult.success()
                : io.vertx.ext.web.client.predicate.ResponsePredicateResult.failure("HTTP " + response.statusCode()),
                io.vertx.ext.web.client.predicate.ErrorConverter.create(result -> statusOf(result.response())));
    }

    /** A non-2xx answer, with what a retry, an authentication or a redirect needs of it. */
    private static HttpStatusException statusOf(io.vertx.ext.web.client.HttpResponse<?> response) {
        return new HttpStatusException(response.statusCode(), response.getHeader("WWW-Authenticate"),
                response.getHeader("Retry-After"), response.getHeader("Location"));
    }

    /** The {@code Authorization} value that answers {@code header}'s challenge. */
    private Future<String> authenticate(String registry, String header, String scope) {
        Challenge challenge = Challenge.parse(header).orElse(null);
        java.util.Optional<Credentials> credentials = options.credentials().forRegistry(registry);
        if (challenge == null) {
            return Future.failedFuture(new RegistryUnavailableException(registry + ": HTTP 401 without a "
                    + "WWW-Authenticate challenge"));
        }
        if ("basic".equals(challenge.scheme())) {
            return credentials.map(c -> Future.succeededFuture(c.basicHeader()))
                    .orElseGet(() -> Future.failedFuture(new RegistryUnavailableException(registry + " asks for a user "
                            + "name and password, and the registry config has none for it (see --registry-config)")));
        }
        if (!"bearer".equals(challenge.scheme()) || challenge.parameter("realm") == null) {
            return Future.failedFuture(new RegistryUnavailableException(registry + ": unsupported authentication "
                    + "challenge " + challenge.scheme()));
        }
        return new TokenRequest(vertx, client(registry), challenge, scope, credentials.orElse(null)).token()
                .map(token -> "Bearer " + token);
    }

    private WebClient client(String registry) {
        return unverified != null && options.insecureRegistries().contains(registry) ? unverified : verified;
    }

    /**
     * {@code https://registry}, or {@code http://registry} for a loopback or insecure registry that
     * does not speak TLS. A TLS failure other than "the peer is not speaking TLS" (an unknown CA, a
     * wrong host name) never falls back to plain http.
     */
    private Future<String> baseUrl(RegistryReference reference) {
        return baseUrls.computeIfAbsent(reference.registry(), registry -> {
            String https = "https://" + registry;
            boolean plainAllowed = loopback(reference.host()) || options.insecureRegistries().contains(registry);
            return client(registry).getAbs(https + "/v2/").send().map(ignored -> https).recover(failure -> {
                if (plainAllowed && notTls(failure)) {
                    return Future.succeededFuture("http://" + registry);
                }
                return Future.failedFuture(unreachable(registry, failure));
            });
        });
    }

    static boolean loopback(String host) {
        String bare = host.startsWith("[") ? host.substring(1, host.length() - 1) : host;
        return bare.equals("localhost") || bare.startsWith("127.") || bare.equals("::1");
    }

    private static boolean notTls(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause.getClass().getSimpleName().equals("NotSslRecordException")) {
                return true;
            }
        }
        return false;
    }

    private static Throwable described(Throwable failure, String what, boolean manifest) {
        if (failure instanceof dev.bundlectl.source.errors.SourceException) {
            return failure;
        }
        if (failure instanceof HttpStatusException status) {
            if (status.status() == 404 && manifest) {
                return new BadReferenceException(what + ": not found in the registry (HTTP 404)");
            }
            if (status.status() == 401 || status.status() == 403) {
                return new RegistryUnavailableException(what + ": access refused (HTTP " + status.status()
                        + "); check the credentials for it (--registry-config)");
            }
            return new RegistryUnavailableException(what + ": the registry answered HTTP " + status.status());
        }
        return unreachable(what, failure);
    }

    static RegistryUnavailableException unreachable(String what, Throwable failure) {
        Throwable root = failure;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        String reason;
        if (root instanceof ConnectException || root.getClass().getSimpleName().contains("ConnectException")) {
            reason = "connection refused";
        } else if (root instanceof UnknownHostException) {
            reason = "unknown host";
        } else if (root instanceof TimeoutException || root.getClass().getSimpleName().contains("Timeout")) {
            reason = "timed out";
        } else if (root instanceof SSLException || root instanceof java.security.cert.CertificateException
                || root instanceof java.security.GeneralSecurityException) {
            reason = "TLS verification failed (" + oneLine(root.getMessage()) + ")";
        } else {
            reason = oneLine(root.getMessage() != null ? root.getMessage() : root.getClass().getSimpleName());
        }
        return new RegistryUnavailableException("registry " + what + " is unreachable: " + reason, failure);
    }

    private static String oneLine(String text) {
        if (text == null) {
            return "";
        }
        int newline = text.indexOf('\n');
        return newline < 0 ? text : text.substring(0, newline);
    }
}
