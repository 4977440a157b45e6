// SPDX-License-Identifier: Apache-2.0

#include "sim/resources/nametemplate.h"

#include <QRegularExpression>

#include <array>
#include <cmath>

using namespace Qt::StringLiterals;

namespace sfsim::nametemplate {

namespace {

const std::array adjectives{
    "able",    "agile",  "amber",  "ample",    "azure",    "bold",     "brave",   "breezy", "bright",
    "brisk",   "calm",   "candid", "careful",  "cheerful", "civic",    "clever",  "cosmic", "crisp",
    "curious", "daring", "dapper", "deft",     "eager",    "early",    "earnest", "easy",   "elegant",
    "epic",    "exact",  "fair",   "fancy",    "fast",     "fearless", "fine",    "firm",   "fluent",
    "focused", "frank",  "fresh",  "friendly", "gentle",   "gifted",   "glad",    "global", "golden",
    "grand",   "great",  "happy",  "hardy",    "hearty",   "honest",   "humble",  "ideal",  "jolly",
    "jovial",  "keen",   "kind",   "lively",   "loyal",    "lucid",    "lunar",   "lush",   "magic",
    "major",   "mellow", "merry",  "mighty",   "modest",   "neat",     "nimble",  "noble",  "polite",
    "proud",   "quick",  "quiet",  "rapid",    "ready",    "regal",    "robust",  "rosy",   "royal",
    "rugged",  "sage",   "sharp",  "shiny",    "silent",   "silver",   "simple",  "sleek",  "smart",
    "smooth",  "snappy", "solar",  "solid",    "sonic",    "sparkly",  "spry",    "stable", "steady",
    "stellar", "sturdy", "sunny",  "super",    "swift",    "tender",   "tidy",    "tough",  "tranquil",
    "true",    "trusty", "upbeat", "urban",    "valiant",  "vast",     "vivid",   "warm",   "wise",
    "witty",   "young",  "zany",   "zealous",  "zesty",    "cobalt",   "crimson", "dusty",  "floral",
    "frosty",  "gusty",
};
const std::array nouns{
    "acorn",   "anchor",  "apple",    "arch",    "arrow",  "aspen",  "atlas",   "badger", "beacon",
    "bear",    "birch",   "bison",    "bloom",   "breeze", "brook",  "buffalo", "canyon", "cedar",
    "cliff",   "cloud",   "comet",    "coral",   "cosmos", "crane",  "creek",   "crow",   "cypress",
    "dawn",    "delta",   "dolphin",  "dove",    "dune",   "eagle",  "echo",    "elm",    "ember",
    "falcon",  "fern",    "finch",    "fjord",   "flame",  "forest", "fox",     "galaxy", "garden",
    "gazelle", "geyser",  "glacier",  "glade",   "grove",  "gull",   "harbor",  "hawk",   "heron",
    "hill",    "horizon", "island",   "ivy",     "jaguar", "lagoon", "lake",    "lark",   "leaf",
    "lemur",   "lion",    "lotus",    "lynx",    "maple",  "meadow", "mesa",    "meteor", "moon",
    "moose",   "moss",    "mountain", "nebula",  "oak",    "ocean",  "orca",    "orchid", "otter",
    "owl",     "panda",   "panther",  "pebble",  "pine",   "planet", "plateau", "pond",   "prairie",
    "quail",   "quartz",  "raven",    "reef",    "ridge",  "river",  "robin",   "rock",   "sail",
    "sequoia", "shore",   "sky",      "sparrow", "spruce", "star",   "stone",   "stream", "summit",
    "sun",     "swan",    "thunder",  "tiger",   "trail",  "tundra", "valley",  "violet", "wave",
    "willow",  "wind",    "wolf",     "wren",    "yak",    "zebra",  "zephyr",  "reed",   "basil",
    "cactus",  "dahlia",
};
constexpr QLatin1StringView nanoidAlphabet("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz");

// The document's floor: as many names as {{adjective}}-{{noun}}-{{nanoid(6)}} gives, in bits.
double minimumBits()
{
    return std::log2(double(adjectives.size())) + std::log2(double(nouns.size()))
           + 6 * std::log2(double(nanoidAlphabet.size()));
}

struct Part
{
    enum class Kind
    {
        Literal,
        Adjective,
        Noun,
        Nanoid
    };
    Kind kind = Kind::Literal;
    QString text;   // a literal
    int length = 0; // nanoid
};

// The template's parts, or a problem.
std::optional<QString> split(const QString& text, QList<Part>* parts)
{
    static const QRegularExpression nanoid(u"^nanoid\\((\\d{1,2})\\)$"_s);
    qsizetype at = 0;
    while (at < text.size()) {
        const qsizetype open = text.indexOf(u"{{"_s, at);
        const qsizetype literalEnd = open < 0 ? text.size() : open;
        if (literalEnd > at) {
            const QString literal = text.mid(at, literalEnd - at);
            for (const QChar c : literal) {
                const bool nameChar = (c >= u'a' && c <= u'z') || (c >= u'A' && c <= u'Z')
                                      || (c >= u'0' && c <= u'9') || c == u'.' || c == u'_' || c == u'-';
                if (!nameChar)
                    return u"instance_name_template may hold only letters, digits, '.', '_', '-' and "
                           "{{variables}}; '%1' is none of them."_s.arg(c);
            }
            parts->append({Part::Kind::Literal, literal, 0});
        }
        if (open < 0)
            break;
        const qsizetype close = text.indexOf(u"}}"_s, open + 2);
        if (close < 0)
            return u"instance_name_template has a {{ without its }}."_s;
        const QString variable = text.mid(open + 2, close - open - 2).trimmed();
        if (variable == u"adjective"_s) {
            parts->append({Part::Kind::Adjective, {}, 0});
        } else if (variable == u"noun"_s) {
            parts->append({Part::Kind::Noun, {}, 0});
        } else if (const auto m = nanoid.match(variable); m.hasMatch()) {
            const int length = m.captured(1).toInt();
            if (length < 1 || length > 21)
                return u"{{nanoid(N)}} takes N from 1 to 21, not %1."_s.arg(length);
            parts->append({Part::Kind::Nanoid, {}, length});
        } else {
            return u"{{%1}} is not a variable of instance_name_template; use {{adjective}}, {{noun}} or "
                   "{{nanoid(N)}}."_s.arg(variable);
        }
        at = close + 2;
    }
    return std::nullopt;
}

} // namespace

std::optional<QString> problem(const QString& text)
{
    if (text.isEmpty())
        return u"instance_name_template must not be empty."_s;
    if (text.size() > maxLength)
        return u"instance_name_template is %1 characters long; the maximum is %2."_s.arg(text.size())
            .arg(maxLength);
    QList<Part> parts;
    if (auto wrong = split(text, &parts))
        return wrong;
    const Part& first = parts.first();
    if (first.kind == Part::Kind::Literal && !first.text.front().isLetterOrNumber())
        return u"instance_name_template must start with a letter or a digit."_s;
    double bits = 0;
    qsizetype longest = 0;
    for (const Part& part : std::as_const(parts)) {
        switch (part.kind) {
        case Part::Kind::Literal:
            longest += part.text.size();
            break;
        case Part::Kind::Adjective:
            bits += std::log2(double(adjectives.size()));
            longest += 16;
            break;
        case Part::Kind::Noun:
            bits += std::log2(double(nouns.size()));
            longest += 16;
            break;
        case Part::Kind::Nanoid:
            bits += part.length * std::log2(double(nanoidAlphabet.size()));
            longest += part.length;
            break;
        }
    }
    if (bits + 1e-9 < minimumBits())
        return u"instance_name_template gives too few distinct names: use at least as many as "
               "{{adjective}}-{{noun}}-{{nanoid(6)}} (about 10^15), e.g. add {{nanoid(9)}}."_s;
    if (longest > 255)
        return u"instance_name_template can make names longer than 255 characters."_s;
    return std::nullopt;
}

QString resolve(const QString& text, const std::function<quint32(quint32)>& bounded)
{
    QList<Part> parts;
    if (split(text, &parts))
        return {};
    QString name;
    for (const Part& part : std::as_const(parts)) {
        switch (part.kind) {
        case Part::Kind::Literal:
            name += part.text;
            break;
        case Part::Kind::Adjective:
            name += QLatin1StringView(adjectives.at(bounded(quint32(adjectives.size()))));
            break;
        case Part::Kind::Noun:
            name += QLatin1StringView(nouns.at(bounded(quint32(nouns.size()))));
            break;
        case Part::Kind::Nanoid:
            for (int i = 0; i < part.length; ++i)
                name += nanoidAlphabet.at(bounded(quint32(nanoidAlphabet.size())));
            break;
        }
    }
    return name;
}

} // namespace sfsim::nametemplate
