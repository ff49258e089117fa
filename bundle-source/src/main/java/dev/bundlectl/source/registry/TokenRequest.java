package dev.bundlectl.source.registry;

import dev.bundlectl.source.errors.RegistryUnavailableException;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.json.DecodeException;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.client.HttpRequest;
import io.vertx.ext.web.client.WebClient;
import io.vertx.ext.web.codec.BodyCodec;
import java.net.URI;

/**
 * Asks a Bearer challenge's realm for a token (the distribution token flow), with the user's
 * credentials as Basic authentication when there are some, anonymously otherwise. Messages name
 * the realm's host only: never the token, never the credentials.
 */
final class TokenRequest {

    private static final long MAX_RESPONSE = 1024L * 1024;

    private final WebClient client;
    private final Challenge challenge;
    private final String scope;
    private final Credentials credentials;

    TokenRequest(Vertx vertx, WebClient client, Challenge challenge, String scope, Credentials credentials) {
        this.client = client;
        this.challenge = challenge;
        this.scope = challenge.parameter("scope") != null ? challenge.parameter("scope") : scope;
        this.credentials = credentials;
    }

    Future<String> token() {
        String realm = challenge.parameter("realm");
        URI uri;
        try {
            uri = URI.create(realm);
        } catch (IllegalArgumentException e) {
            return Future.failedFuture(new RegistryUnavailableException("the registry's token realm is not a URL"));
        }
        if (uri.getHost() == null || !("https".equals(uri.getScheme()) || "http".equals(uri.getScheme()))) {
            return Future.failedFuture(new RegistryUnavailableException("the registry's token realm is not an http(s) URL"));
        }
        if ("http".equals(uri.getScheme()) && credentials != null && !RegistryClient.loopback(uri.getHost())) {
            return Future.failedFuture(new RegistryUnavailableException("token realm " + uri.getHost()
                    + " is plain http; credentials are only sent to it over https"));
        }
        BoundedBufferSink sink = new BoundedBufferSink(MAX_RESPONSE);
        HttpRequest<Void> request = client.getAbs(realm).as(BodyCodec.pipe(sink));
        if (challenge.parameter("service") != null) {
            request.addQueryParam("service", challenge.parameter("service"));
        }
        request.addQueryParam("scope", scope);
        if (credentials != null) {
            request.putHeader("Authorization", credentials.basicHeader());
        }
        return request.send().transform(result -> {
            if (result.failed()) {
                return Future.failedFuture(RegistryClient.unreachable("token realm " + uri.getHost(), result.cause()));
            }
            int status = result.result().statusCode();
            if (status / 100 != 2 || sink.collected() == null) {
                return Future.failedFuture(new RegistryUnavailableException("token realm " + uri.getHost()
                        + " refused a token for " + scope + " (HTTP " + status + ")"
                        + (status == 401 ? "; check the credentials (--registry-config)" : "")));
            }
            try {
                JsonObject body = sink.collected().toJsonObject();
                String token = body.getString("token", body.getString("access_token"));
                if (token == null || token.isBlank()) {
                    return Future.failedFuture(new RegistryUnavailableException("token realm " + uri.getHost()
                            + " answered without a token"));
                }
                return Future.succeededFuture(token);
            } catch (DecodeException | ClassCastException e) {
                return Future.failedFuture(new RegistryUnavailableException("token realm " + uri.getHost()
                        + " answered with something other than JSON"));
            }
        });
    }
}
