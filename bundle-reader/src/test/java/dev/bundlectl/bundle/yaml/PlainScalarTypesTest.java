package dev.bundlectl.bundle.yaml;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.nodes.NodeId;
import org.yaml.snakeyaml.nodes.Tag;
import org.yaml.snakeyaml.resolver.Resolver;

/** The shortcut for words that start with a letter gives the tag SnakeYAML's resolver gives. */
class PlainScalarTypesTest {

    private final Resolver resolver = new Resolver();
    private final PlainScalarTypes types = new PlainScalarTypes();

    @Test
    void everyLetterWordOfUpToFiveLettersIsTaggedAsTheResolverTagsIt() {
        // Every word of one to four letters over the letters the resolver's patterns use, in
        // every case, and five-letter ones around "false": the shortcut may skip the resolver only
        // where it would say str.
        String letters = "aeflnorstuyAEFLNORSTUY";
        List<String> words = new ArrayList<>();
        collect("", letters, 4, words);
        words.addAll(List.of("false", "False", "FALSE", "fAlse", "falsE", "FALSe", "faLSE", "Falsy", "nulls", "trues",
                "items", "format", "Nil", "nil"));
        for (String word : words) {
            assertThat(types.tagOf(word)).as(word).isEqualTo(resolver.resolve(NodeId.scalar, word, true));
        }
        for (String word : PlainScalarTypes.RESOLVED_WORDS) {
            assertThat(resolver.resolve(NodeId.scalar, word, true)).as(word).isIn(Tag.BOOL, Tag.NULL);
            // What lets the shortcut skip the set for longer words and other first letters.
            assertThat(word.length()).as(word).isLessThanOrEqualTo(PlainScalarTypes.LONGEST_RESOLVED_WORD);
            assertThat(PlainScalarTypes.RESOLVED_FIRST_LETTERS).as(word).contains(word.substring(0, 1));
        }
    }

    private static void collect(String prefix, String letters, int maxLength, List<String> into) {
        if (!prefix.isEmpty()) {
            into.add(prefix);
        }
        if (prefix.length() == maxLength) {
            return;
        }
        for (char c : letters.toCharArray()) {
            collect(prefix + c, letters, maxLength, into);
        }
    }
}
