package dev.bundlectl.executor.access;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Rules read as RBAC reads them: the API server lets a creator grant a rule only when its own
 * rules, together, allow every group, resource, verb and name of it (or URL and verb). The
 * expectations are RBAC's documented matching rules, written out case by case.
 */
class GrantedRulesTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void aRuleIsCoveredByOneThatListsAllOfItOrWildcards() throws Exception {
        JsonNode narrow = rule("{\"apiGroups\":[\"cache.example\"],\"resources\":[\"caches\"],\"verbs\":[\"get\",\"list\"]}");

        assertThat(GrantedRules.cover(rules("{\"apiGroups\":[\"cache.example\"],\"resources\":[\"caches\",\"backups\"],"
                + "\"verbs\":[\"get\",\"list\",\"watch\"]}"), narrow)).isTrue();
        assertThat(GrantedRules.cover(rules("{\"apiGroups\":[\"*\"],\"resources\":[\"*\"],\"verbs\":[\"*\"]}"), narrow))
                .isTrue();
        assertThat(GrantedRules.cover(rules("{\"apiGroups\":[\"cache.example\"],\"resources\":[\"caches\"],"
                + "\"verbs\":[\"get\"]}"), narrow)).as("list is missing").isFalse();
        assertThat(GrantedRules.cover(rules("{\"apiGroups\":[\"other.example\"],\"resources\":[\"caches\"],"
                + "\"verbs\":[\"get\",\"list\"]}"), narrow)).as("another group").isFalse();
    }

    @Test
    void togetherRulesCoverWhatNoneOfThemCoversAlone() throws Exception {
        JsonNode both = rule("{\"apiGroups\":[\"\"],\"resources\":[\"configmaps\",\"secrets\"],\"verbs\":[\"get\"]}");

        assertThat(GrantedRules.cover(rules("{\"apiGroups\":[\"\"],\"resources\":[\"configmaps\"],\"verbs\":[\"get\"]}",
                "{\"apiGroups\":[\"\"],\"resources\":[\"secrets\"],\"verbs\":[\"get\",\"list\"]}"), both)).isTrue();
    }

    @Test
    void namesNarrowARuleAndAWildcardIsCoveredOnlyByAWildcard() throws Exception {
        JsonNode named = rule("{\"apiGroups\":[\"\"],\"resources\":[\"configmaps\"],\"resourceNames\":[\"a\"],"
                + "\"verbs\":[\"get\"]}");
        JsonNode anyName = rule("{\"apiGroups\":[\"\"],\"resources\":[\"configmaps\"],\"verbs\":[\"get\"]}");
        JsonNode anyResource = rule("{\"apiGroups\":[\"\"],\"resources\":[\"*\"],\"verbs\":[\"get\"]}");

        assertThat(GrantedRules.cover(List.of(anyName), named)).isTrue();
        assertThat(GrantedRules.cover(List.of(named), anyName)).isFalse();
        assertThat(GrantedRules.cover(List.of(anyName), anyResource)).isFalse();
        assertThat(GrantedRules.cover(List.of(anyResource), anyName)).isTrue();
    }

    @Test
    void nonResourceUrlsMatchExactlyOrByAStarredPrefix() throws Exception {
        JsonNode metrics = rule("{\"nonResourceURLs\":[\"/metrics\"],\"verbs\":[\"get\"]}");

        assertThat(GrantedRules.cover(rules("{\"nonResourceURLs\":[\"/metrics\"],\"verbs\":[\"get\",\"post\"]}"), metrics))
                .isTrue();
        assertThat(GrantedRules.cover(rules("{\"nonResourceURLs\":[\"/met*\"],\"verbs\":[\"get\"]}"), metrics)).isTrue();
        assertThat(GrantedRules.cover(rules("{\"nonResourceURLs\":[\"/healthz\"],\"verbs\":[\"get\"]}"), metrics))
                .isFalse();
        assertThat(GrantedRules.cover(rules("{\"apiGroups\":[\"*\"],\"resources\":[\"*\"],\"verbs\":[\"*\"]}"), metrics))
                .as("resource rules never cover a URL").isFalse();
    }

    private static JsonNode rule(String json) throws Exception {
        return JSON.readTree(json);
    }

    private static List<JsonNode> rules(String... json) throws Exception {
        List<JsonNode> rules = new ArrayList<>();
        for (String each : json) {
            rules.add(rule(each));
        }
        return rules;
    }
}
