// SPDX-License-Identifier: Apache-2.0

// Over 700 lines on purpose: the Jinja subset cloud-init renders, as one lexer, parser and
// evaluator that share the private node types of one tree.

#include "core/cloudinit/jinja.h"

#include "common/constvalue.h"

#include <QHash>
#include <QJsonArray>
#include <QJsonValue>
#include <QRegularExpression>
#include <QSet>

#include <algorithm>
#include <array>
#include <cmath>
#include <memory>
#include <optional>

namespace sfdesk {

namespace CloudInit {

namespace {

using namespace Qt::StringLiterals;

const QString supportedText = u"the editor renders {{ variables }}, {% if %}/{% elif %}/{% else %}, "
                              u"{% for %} over lists and {# comments #}"_s;

struct Expr;
using ExprPtr = std::shared_ptr<const Expr>;

struct Expr
{
    enum class Kind
    {
        Literal,
        Path,
        Not,
        And,
        Or,
        Equal,
        NotEqual,
        In,
        NotIn
    };
    Kind kind = Kind::Literal;
    QJsonValue literal;
    QString root;
    QList<QJsonValue> path; // names (strings) and indexes (numbers) after the root
    ExprPtr a;
    ExprPtr b;
    // And, Or: every operand of one chain ("a or b or c" is one node of three), evaluated in a
    // loop. A chain read as nested pairs would make a tree as deep as the chain is long, and
    // evaluating or freeing it would recurse once per operator.
    QList<ExprPtr> operands;
};

struct Node
{
    enum class Kind
    {
        Text,
        Output,
        If,
        For
    };
    Kind kind = Kind::Text;
    qsizetype start = 0; // Text: the range in the template
    qsizetype end = 0;
    int line = 0;
    int column = 0;
    ExprPtr expr; // Output: the value; For: the sequence
    QList<std::pair<ExprPtr, QList<Node>>> branches;
    QList<Node> elseBody;
    QString variable;
    QList<Node> body;
    // For: whether its body reads loop.* (the object is made for each item only then).
    bool usesLoop = false;
};

struct Token
{
    enum class Kind
    {
        Text,
        Output,
        Statement
    };
    Kind kind = Kind::Text;
    qsizetype start = 0; // Text: its range; tags: the range of what is inside
    qsizetype end = 0;
    qsizetype tagStart = 0;
};

// Tokens of an expression or a statement.
struct Lexeme
{
    enum class Kind
    {
        Name,
        Number,
        String,
        Symbol,
        End
    };
    Kind kind = Kind::End;
    // Its text in the template (which outlives the lexemes): an expression can have hundreds of
    // thousands, and a copy of each would cost an allocation.
    QByteArrayView text;
    QJsonValue value;
    qsizetype offset = 0;
};

class Renderer
{
public:
    Renderer(QByteArrayView source, const QJsonObject& data)
        : m_source(source)
        , m_data(data)
    {
        m_lineStarts.append(0);
        for (qsizetype i = 0; i < source.size(); ++i)
            if (source[i] == '\n')
                m_lineStarts.append(i + 1);
    }

    JinjaRender run()
    {
        if (m_source.size() > JinjaLimits::maxTemplateBytes) {
            problem(JinjaProblem::Kind::Limit, 0,
                    u"The template is %1 bytes; the editor renders templates of up to %2 bytes"_s
                        .arg(m_source.size())
                        .arg(JinjaLimits::maxTemplateBytes));
            return std::move(m_result);
        }
        // cloud-init drops the "## template: jinja" line and renders the rest.
        const qsizetype firstNewline = m_source.indexOf('\n');
        const qsizetype bodyStart = firstNewline < 0 ? m_source.size() : firstNewline + 1;
        if (!lex(bodyStart))
            return std::move(m_result);
        qsizetype index = 0;
        QByteArray stop;
        const QList<Node> nodes = parseNodes(index, {}, &stop, 0);
        if (fatal())
            return std::move(m_result);
        QList<QHash<QString, QJsonValue>> scopes;
        render(nodes, scopes);
        return std::move(m_result);
    }

private:
    // Positions --------------------------------------------------------------------------------------

    std::pair<int, int> position(qsizetype offset) const
    {
        const auto it = std::upper_bound(m_lineStarts.begin(), m_lineStarts.end(), offset);
        const auto line = int(it - m_lineStarts.begin()) - 1;
        return {line, int(offset - m_lineStarts[line])};
    }

    void problem(JinjaProblem::Kind kind, qsizetype offset, const QString& message)
    {
        const auto [line, column] = position(offset);
        m_result.problems.append({kind, line, column, message});
    }

    bool fatal() const
    {
        return std::any_of(m_result.problems.begin(), m_result.problems.end(),
                           [](const JinjaProblem& p) { return p.kind != JinjaProblem::Kind::Undefined; });
    }

    // Lexing the template --------------------------------------------------------------------------

    static bool isSpace(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

    bool lex(qsizetype from)
    {
        qsizetype i = from;
        // Where each of "{{", "{%" and "{#" next occurs at or after i (size() when it does not): a
        // fresh search for each tag would read the rest of the template again, quadratic in the
        // number of tags when one kind of opener is rare or missing.
        static constexpr std::array<const char*, 3> openers{"{{", "{%", "{#"};
        std::array<qsizetype, 3> next{-1, -1, -1};
        while (i < m_source.size()) {
            qsizetype open = m_source.size();
            for (size_t k = 0; k < openers.size(); ++k) {
                if (next[k] != m_source.size() && next[k] < i) {
                    const qsizetype at = m_source.indexOf(openers[k], i);
                    next[k] = at < 0 ? m_source.size() : at;
                }
                open = std::min(open, next[k]);
            }
            Token text{Token::Kind::Text, i, open, i};
            if (open < m_source.size() && open + 2 < m_source.size() && m_source[open + 2] == '-') {
                while (text.end > text.start && isSpace(m_source[text.end - 1]))
                    --text.end;
            }
            if (text.end > text.start)
                m_tokens.append(text);
            if (open >= m_source.size())
                break;
            const char kind = m_source[open + 1];
            const char* closer = kind == '{' ? "}}" : kind == '%' ? "%}" : "#}";
            const qsizetype close = m_source.indexOf(closer, open + 2);
            if (close < 0) {
                problem(JinjaProblem::Kind::Syntax, open,
                        u"'%1' is never closed with '%2'"_s.arg(QString::fromLatin1(m_source.sliced(open, 2)),
                                                                QString::fromLatin1(closer)));
                return false;
            }
            qsizetype innerStart = open + 2;
            if (innerStart < close && m_source[innerStart] == '-')
                ++innerStart;
            qsizetype innerEnd = close;
            const bool trimAfter = innerEnd > innerStart && m_source[innerEnd - 1] == '-';
            if (trimAfter)
                --innerEnd;
            i = close + 2;
            if (trimAfter) {
                while (i < m_source.size() && isSpace(m_source[i]))
                    ++i;
            } else if (kind != '{') {
                // trim_blocks, as cloud-init sets it: the newline after a block tag or comment goes.
                if (i < m_source.size() && m_source[i] == '\n')
                    ++i;
                else if (i + 1 < m_source.size() && m_source[i] == '\r' && m_source[i + 1] == '\n')
                    i += 2;
            }
            if (kind == '#')
                continue;
            m_tokens.append(
                {kind == '{' ? Token::Kind::Output : Token::Kind::Statement, innerStart, innerEnd, open});
        }
        return true;
    }

    // Lexing expressions -----------------------------------------------------------------------------

    QList<Lexeme> lexExpression(qsizetype start, qsizetype end)
    {
        QList<Lexeme> lexemes;
        qsizetype i = start;
        while (i < end) {
            const char c = m_source[i];
            if (isSpace(c)) {
                ++i;
                continue;
            }
            Lexeme lexeme;
            lexeme.offset = i;
            if (QChar::isLetter(static_cast<unsigned char>(c)) || c == '_') {
                qsizetype j = i;
                while (j < end
                       && (QChar::isLetterOrNumber(static_cast<unsigned char>(m_source[j]))
                           || m_source[j] == '_'))
                    ++j;
                lexeme.kind = Lexeme::Kind::Name;
                lexeme.text = m_source.sliced(i, j - i);
                i = j;
            } else if (c >= '0' && c <= '9') {
                qsizetype j = i;
                while (j < end && ((m_source[j] >= '0' && m_source[j] <= '9') || m_source[j] == '.'))
                    ++j;
                lexeme.kind = Lexeme::Kind::Number;
                lexeme.text = m_source.sliced(i, j - i);
                lexeme.value = lexeme.text.contains('.') ? QJsonValue(lexeme.text.toDouble())
                                                         : QJsonValue(lexeme.text.toLongLong());
                i = j;
            } else if (c == '\'' || c == '"') {
                QByteArray value;
                qsizetype j = i + 1;
                while (j < end && m_source[j] != c) {
                    if (m_source[j] == '\\' && j + 1 < end)
                        ++j;
                    value += m_source[j];
                    ++j;
                }
                if (j >= end) {
                    problem(JinjaProblem::Kind::Syntax, i, u"A string is not closed"_s);
                    return {};
                }
                lexeme.kind = Lexeme::Kind::String;
                lexeme.value = QString::fromUtf8(value);
                i = j + 1;
            } else {
                const QByteArrayView two = m_source.sliced(i, std::min<qsizetype>(2, end - i));
                lexeme.kind = Lexeme::Kind::Symbol;
                lexeme.text =
                    (two == "==" || two == "!=" || two == "<=" || two == ">=" || two == "**" || two == "//")
                        ? two
                        : m_source.sliced(i, 1);
                i += lexeme.text.size();
            }
            lexemes.append(lexeme);
        }
        Lexeme endLexeme;
        endLexeme.offset = end;
        lexemes.append(endLexeme);
        return lexemes;
    }

    // Parsing expressions ----------------------------------------------------------------------------

    struct ExprParser
    {
        Renderer* renderer;
        QList<Lexeme> lexemes;
        qsizetype at = 0;
        int depth = 0;
        int operators = 0;
        bool failed = false;

        const Lexeme& peek() const { return lexemes[at]; }
        bool isSymbol(QByteArrayView symbol) const
        {
            return peek().kind == Lexeme::Kind::Symbol && peek().text == symbol;
        }
        bool isName(QByteArrayView name) const
        {
            return peek().kind == Lexeme::Kind::Name && peek().text == name;
        }

        ExprPtr fail(JinjaProblem::Kind kind, const QString& message)
        {
            if (!failed)
                renderer->problem(kind, peek().offset, message);
            failed = true;
            return nullptr;
        }

        // What the token at hand is, said as the unsupported construct it starts.
        ExprPtr unexpected()
        {
            const Lexeme& lexeme = peek();
            if (lexeme.kind == Lexeme::Kind::End)
                return fail(JinjaProblem::Kind::Syntax, u"An expression is missing"_s);
            if (lexeme.kind == Lexeme::Kind::Symbol) {
                if (lexeme.text == "|") {
                    const QString name =
                        at + 1 < lexemes.size() ? QString::fromUtf8(lexemes[at + 1].text) : QString();
                    return fail(JinjaProblem::Kind::Unsupported,
                                u"The filter '|%1' is not supported (%2)"_s.arg(name, supportedText));
                }
                if (lexeme.text == "(")
                    return fail(JinjaProblem::Kind::Unsupported,
                                u"Calls are not supported (%1)"_s.arg(supportedText));
                static const QList<QByteArray> operators{"+",  "-",  "*",  "/",  "%", "~", "<", ">",
                                                         "<=", ">=", "**", "//", ",", "{", "?"};
                if (operators.contains(lexeme.text.toByteArray()))
                    return fail(JinjaProblem::Kind::Unsupported,
                                u"The operator '%1' is not supported (%2)"_s.arg(
                                    QString::fromUtf8(lexeme.text), supportedText));
            }
            if (lexeme.kind == Lexeme::Kind::Name && (lexeme.text == "is" || lexeme.text == "if"))
                return fail(JinjaProblem::Kind::Unsupported,
                            u"'%1' in an expression is not supported (%2)"_s.arg(
                                QString::fromUtf8(lexeme.text), supportedText));
            return fail(JinjaProblem::Kind::Syntax,
                        u"Unexpected '%1' in the expression"_s.arg(lexeme.kind == Lexeme::Kind::String
                                                                       ? lexeme.value.toString()
                                                                       : QString::fromUtf8(lexeme.text)));
        }

        ExprPtr parseAll()
        {
            ExprPtr expr = parseOr();
            if (!failed && peek().kind != Lexeme::Kind::End)
                return unexpected();
            return failed ? nullptr : expr;
        }

        // One more operator; false (with the problem reported) past JinjaLimits::maxOperators.
        bool countOperator()
        {
            if (++operators <= JinjaLimits::maxOperators)
                return true;
            fail(JinjaProblem::Kind::Limit,
                 u"The expression has more than %1 operators; the editor renders expressions of up to %1"_s
                     .arg(JinjaLimits::maxOperators));
            return false;
        }

        ExprPtr binary(Expr::Kind kind, ExprPtr a, ExprPtr b)
        {
            auto expr = std::make_shared<Expr>();
            expr->kind = kind;
            expr->a = std::move(a);
            expr->b = std::move(b);
            return expr;
        }

        // "a or b or ..." (and the same with "and") as one node holding every operand.
        ExprPtr parseChain(Expr::Kind kind, QByteArrayView word, ExprPtr (ExprParser::*operand)())
        {
            ExprPtr first = (this->*operand)();
            if (failed || !isName(word))
                return failed ? nullptr : first;
            auto chain = std::make_shared<Expr>();
            chain->kind = kind;
            chain->operands.append(std::move(first));
            while (!failed && isName(word)) {
                if (!countOperator())
                    return nullptr;
                ++at;
                chain->operands.append((this->*operand)());
            }
            return failed ? nullptr : chain;
        }

        ExprPtr parseOr()
        {
            if (++depth > JinjaLimits::maxDepth)
                return fail(JinjaProblem::Kind::Limit,
                            u"The expression nests more than %1 deep"_s.arg(JinjaLimits::maxDepth));
            ExprPtr expr = parseChain(Expr::Kind::Or, "or", &ExprParser::parseAnd);
            --depth;
            return expr;
        }

        ExprPtr parseAnd() { return parseChain(Expr::Kind::And, "and", &ExprParser::parseNot); }

        ExprPtr parseNot()
        {
            if (isName("not")) {
                if (!countOperator())
                    return nullptr;
                ++at;
                if (++depth > JinjaLimits::maxDepth)
                    return fail(JinjaProblem::Kind::Limit,
                                u"The expression nests more than %1 deep"_s.arg(JinjaLimits::maxDepth));
                ExprPtr operand = parseNot();
                --depth;
                return failed ? nullptr : binary(Expr::Kind::Not, operand, nullptr);
            }
            return parseComparison();
        }

        ExprPtr parseComparison()
        {
            ExprPtr left = parsePrimary();
            if (failed)
                return nullptr;
            if (isSymbol("==") || isSymbol("!=")) {
                const Expr::Kind kind = isSymbol("==") ? Expr::Kind::Equal : Expr::Kind::NotEqual;
                if (!countOperator())
                    return nullptr;
                ++at;
                return binary(kind, left, parsePrimary());
            }
            if (isName("in")) {
                if (!countOperator())
                    return nullptr;
                ++at;
                return binary(Expr::Kind::In, left, parsePrimary());
            }
            if (isName("not") && at + 1 < lexemes.size() && lexemes[at + 1].kind == Lexeme::Kind::Name
                && lexemes[at + 1].text == "in") {
                if (!countOperator())
                    return nullptr;
                at += 2;
                return binary(Expr::Kind::NotIn, left, parsePrimary());
            }
            return left;
        }

        ExprPtr parsePrimary()
        {
            const Lexeme& lexeme = peek();
            auto expr = std::make_shared<Expr>();
            if (isSymbol("(")) {
                ++at;
                ExprPtr inner = parseOr();
                if (failed)
                    return nullptr;
                if (!isSymbol(")"))
                    return fail(JinjaProblem::Kind::Syntax, u"')' is missing"_s);
                ++at;
                return inner;
            }
            if (lexeme.kind == Lexeme::Kind::String || lexeme.kind == Lexeme::Kind::Number) {
                expr->literal = lexeme.value;
                ++at;
                return expr;
            }
            if (lexeme.kind != Lexeme::Kind::Name)
                return unexpected();
            static const QHash<QByteArray, QJsonValue> constants{{"true", true},
                                                                 {"True", true},
                                                                 {"false", false},
                                                                 {"False", false},
                                                                 {"none", QJsonValue(QJsonValue::Null)},
                                                                 {"None", QJsonValue(QJsonValue::Null)}};
            if (const auto constant = constants.constFind(lexeme.text.toByteArray());
                constant != constants.cend()) {
                expr->literal = *constant;
                ++at;
                return expr;
            }
            static const QList<QByteArray> keywords{"and", "or", "not", "in", "is", "if", "else"};
            if (keywords.contains(lexeme.text.toByteArray()))
                return unexpected();
            expr->kind = Expr::Kind::Path;
            expr->root = QString::fromUtf8(lexeme.text);
            if (lexeme.text == "loop")
                ++renderer->m_loopReads;
            ++at;
            for (;;) {
                if (isSymbol(".")) {
                    ++at;
                    if (peek().kind == Lexeme::Kind::Number) { // a.0, as Jinja reads it
                        expr->path.append(peek().value);
                    } else if (peek().kind == Lexeme::Kind::Name) {
                        expr->path.append(QString::fromUtf8(peek().text));
                    } else {
                        return fail(JinjaProblem::Kind::Syntax, u"A name must follow '.'"_s);
                    }
                    ++at;
                } else if (isSymbol("[")) {
                    ++at;
                    if (peek().kind != Lexeme::Kind::String && peek().kind != Lexeme::Kind::Number)
                        return fail(
                            JinjaProblem::Kind::Unsupported,
                            u"Only a quoted key or a number may stand in [...] (%1)"_s.arg(supportedText));
                    expr->path.append(peek().value);
                    ++at;
                    if (!isSymbol("]"))
                        return fail(JinjaProblem::Kind::Syntax, u"']' is missing"_s);
                    ++at;
                } else {
                    break;
                }
            }
            return expr;
        }
    };

    ExprPtr parseExpression(qsizetype start, qsizetype end)
    {
        ExprParser parser{this, lexExpression(start, end)};
        if (parser.lexemes.isEmpty())
            return nullptr; // the lexer reported it
        return parser.parseAll();
    }

    // Parsing the template's structure --------------------------------------------------------------

    // The statement's first word and where the rest starts.
    std::pair<QByteArray, qsizetype> keyword(const Token& token) const
    {
        qsizetype i = token.start;
        while (i < token.end && isSpace(m_source[i]))
            ++i;
        qsizetype j = i;
        while (j < token.end && !isSpace(m_source[j]))
            ++j;
        return {m_source.sliced(i, j - i).toByteArray(), j};
    }

    QList<Node> parseNodes(qsizetype& index, const QList<QByteArray>& stops, QByteArray* stopped, int depth)
    {
        QList<Node> nodes;
        if (depth > JinjaLimits::maxDepth) {
            problem(JinjaProblem::Kind::Limit, m_tokens[index].tagStart,
                    u"Blocks nest more than %1 deep"_s.arg(JinjaLimits::maxDepth));
            return nodes;
        }
        while (index < m_tokens.size() && !fatal()) {
            const Token token = m_tokens[index];
            const auto [line, column] =
                position(token.kind == Token::Kind::Text ? token.start : token.tagStart);
            if (token.kind == Token::Kind::Text) {
                Node node;
                node.start = token.start;
                node.end = token.end;
                node.line = line;
                nodes.append(node);
                ++index;
                continue;
            }
            if (token.kind == Token::Kind::Output) {
                Node node;
                node.kind = Node::Kind::Output;
                node.line = line;
                node.column = column;
                node.expr = parseExpression(token.start, token.end);
                ++index;
                if (!node.expr)
                    return nodes;
                nodes.append(node);
                continue;
            }
            const auto [word, rest] = keyword(token);
            if (stops.contains(word)) {
                *stopped = word;
                return nodes;
            }
            ++index;
            if (word == "if") {
                Node node;
                node.kind = Node::Kind::If;
                node.line = line;
                ExprPtr condition = parseExpression(rest, token.end);
                if (!condition)
                    return nodes;
                QByteArray stop;
                for (;;) {
                    QList<Node> body = parseNodes(index, {"elif", "else", "endif"}, &stop, depth + 1);
                    if (fatal())
                        return nodes;
                    node.branches.append({condition, body});
                    if (stop.isEmpty() || index >= m_tokens.size()) {
                        problem(JinjaProblem::Kind::Syntax, token.tagStart,
                                u"This {% if %} is never closed with {% endif %}"_s);
                        return nodes;
                    }
                    const Token& stopToken = m_tokens[index];
                    ++index;
                    if (stop == "elif") {
                        condition = parseExpression(keyword(stopToken).second, stopToken.end);
                        if (!condition)
                            return nodes;
                        stop.clear();
                        continue;
                    }
                    if (stop == "else") {
                        stop.clear();
                        node.elseBody = parseNodes(index, {"endif"}, &stop, depth + 1);
                        if (fatal())
                            return nodes;
                        if (stop.isEmpty()) {
                            problem(JinjaProblem::Kind::Syntax, token.tagStart,
                                    u"This {% if %} is never closed with {% endif %}"_s);
                            return nodes;
                        }
                        ++index;
                    }
                    break;
                }
                nodes.append(node);
                continue;
            }
            if (word == "for") {
                Node node;
                node.kind = Node::Kind::For;
                node.line = line;
                // for NAME in EXPR
                QList<Lexeme> head = lexExpression(rest, token.end);
                if (head.size() < 3 || head[0].kind != Lexeme::Kind::Name
                    || head[1].kind != Lexeme::Kind::Name || head[1].text != "in") {
                    const bool tuple =
                        head.size() >= 2 && head[1].kind == Lexeme::Kind::Symbol && head[1].text == ",";
                    problem(
                        tuple ? JinjaProblem::Kind::Unsupported : JinjaProblem::Kind::Syntax, token.tagStart,
                        tuple ? u"Unpacking several loop variables is not supported (%1)"_s.arg(supportedText)
                              : u"A loop reads {% for name in sequence %}"_s);
                    return nodes;
                }
                node.variable = QString::fromUtf8(head[0].text);
                node.expr = parseExpression(head[2].offset, token.end);
                if (!node.expr)
                    return nodes;
                QByteArray stop;
                const int loopReads = m_loopReads;
                node.body = parseNodes(index, {"else", "endfor"}, &stop, depth + 1);
                node.usesLoop = m_loopReads != loopReads;
                if (fatal())
                    return nodes;
                if (stop == "else") {
                    ++index;
                    stop.clear();
                    node.elseBody = parseNodes(index, {"endfor"}, &stop, depth + 1);
                    if (fatal())
                        return nodes;
                }
                if (stop.isEmpty()) {
                    problem(JinjaProblem::Kind::Syntax, token.tagStart,
                            u"This {% for %} is never closed with {% endfor %}"_s);
                    return nodes;
                }
                ++index;
                nodes.append(node);
                continue;
            }
            if (word == "elif" || word == "else" || word == "endif" || word == "endfor") {
                problem(JinjaProblem::Kind::Syntax, token.tagStart,
                        u"{% %1 %} without the block it belongs to"_s.arg(QString::fromUtf8(word)));
                return nodes;
            }
            problem(JinjaProblem::Kind::Unsupported, token.tagStart,
                    u"{% %1 %} is not supported (%2)"_s.arg(QString::fromUtf8(word), supportedText));
            return nodes;
        }
        return nodes;
    }

    // Evaluating -------------------------------------------------------------------------------------

    struct Value
    {
        bool defined = true;
        QJsonValue value;
        QString name; // of an undefined value, as cloud-init names it
    };

    static std::optional<QJsonValue> member(const QJsonValue& container, const QJsonValue& key)
    {
        if (container.isObject() && key.isString()) {
            const QJsonObject object = container.toObject();
            const QString name = key.toString();
            if (object.contains(name))
                return object.value(name);
            // cloud-init adds '_' aliases for keys with '-'.
            for (auto it = object.begin(); it != object.end(); ++it) {
                QString alias = it.key();
                alias.replace(u'-', u'_');
                if (alias == name)
                    return it.value();
            }
            return std::nullopt;
        }
        if (container.isArray() && key.isDouble()) {
            const QJsonArray array = container.toArray();
            const qint64 index = key.toInteger();
            if (index >= 0 && index < array.size())
                return array.at(index);
        }
        return std::nullopt;
    }

    Value lookup(const Expr& expr, const QList<QHash<QString, QJsonValue>>& scopes) const
    {
        std::optional<QJsonValue> current;
        for (auto it = scopes.rbegin(); it != scopes.rend() && !current; ++it)
            if (it->contains(expr.root))
                current = it->value(expr.root);
        if (!current)
            current = member(m_data, expr.root);
        // cloud-init also copies the keys of v1 (and any vN) to the top level.
        for (auto it = m_data.begin(); !current && it != m_data.end(); ++it) {
            static const QRegularExpression version(QRegularExpression::anchoredPattern(u"v\\d+"_s));
            if (it.value().isObject() && version.match(it.key()).hasMatch())
                current = member(it.value(), expr.root);
        }
        QString name = expr.root;
        for (const QJsonValue& key : expr.path) {
            if (!current)
                break;
            name = key.isString() ? key.toString() : QString::number(key.toInteger());
            current = member(*current, key);
        }
        if (!current)
            return {false, {}, name};
        return {true, *current, {}};
    }

    static bool truthy(const Value& value)
    {
        if (!value.defined)
            return false;
        const QJsonValue& v = value.value;
        switch (v.type()) {
        case QJsonValue::Bool:
            return v.toBool();
        case QJsonValue::Double:
            return v.toDouble() != 0;
        case QJsonValue::String:
            return !v.toString().isEmpty();
        case QJsonValue::Array:
            return !v.toArray().isEmpty();
        case QJsonValue::Object:
            return !v.toObject().isEmpty();
        default:
            return false;
        }
    }

    static bool contains(const Value& container, const Value& item)
    {
        if (!container.defined || !item.defined)
            return false;
        const QJsonValue& c = container.value;
        if (c.isString())
            return item.value.isString() && c.toString().contains(item.value.toString());
        if (c.isArray())
            return c.toArray().contains(item.value);
        if (c.isObject())
            return item.value.isString() && c.toObject().contains(item.value.toString());
        return false;
    }

    // Recursive, but only as deep as the parser lets an expression nest (JinjaLimits::maxDepth for
    // parentheses and "not", chains being one node). Every node evaluated is a rendering step.
    Value evaluate(const Expr& expr, const QList<QHash<QString, QJsonValue>>& scopes)
    {
        ++m_steps;
        switch (expr.kind) {
        case Expr::Kind::Literal:
            return {true, expr.literal, {}};
        case Expr::Kind::Path:
            return lookup(expr, scopes);
        case Expr::Kind::Not:
            return {true, !truthy(evaluate(*expr.a, scopes)), {}};
        case Expr::Kind::And:
        case Expr::Kind::Or: {
            // Python's and/or: the first operand that decides, else the last.
            const bool stopWhen = expr.kind == Expr::Kind::Or;
            Value value;
            for (const ExprPtr& operand : expr.operands) {
                value = evaluate(*operand, scopes);
                if (truthy(value) == stopWhen)
                    break;
            }
            return value;
        }
        case Expr::Kind::Equal:
        case Expr::Kind::NotEqual: {
            const Value a = evaluate(*expr.a, scopes);
            const Value b = evaluate(*expr.b, scopes);
            const bool equal = a.defined == b.defined && (!a.defined || a.value == b.value);
            return {true, expr.kind == Expr::Kind::Equal ? equal : !equal, {}};
        }
        case Expr::Kind::In:
        case Expr::Kind::NotIn: {
            const bool in = contains(evaluate(*expr.b, scopes), evaluate(*expr.a, scopes));
            return {true, expr.kind == Expr::Kind::In ? in : !in, {}};
        }
        }
        return {};
    }

    // Python's str() of a value, as Jinja prints it.
    static QString pythonText(const QJsonValue& value, bool quoted, int depth = 0)
    {
        if (depth > JinjaLimits::maxDepth)
            return u"..."_s;
        switch (value.type()) {
        case QJsonValue::Bool:
            return value.toBool() ? u"True"_s : u"False"_s;
        case QJsonValue::Double: {
            const double d = value.toDouble();
            if (d == double(qint64(d)) && std::abs(d) < 1e15)
                return QString::number(qint64(d));
            return QString::number(d, 'g', 17);
        }
        case QJsonValue::String: {
            QString s = value.toString();
            if (!quoted)
                return s;
            const QChar quote = s.contains(u'\'') && !s.contains(u'"') ? u'"' : u'\'';
            QString escaped = s;
            escaped.replace(u"\\"_s, u"\\\\"_s).replace(u"\n"_s, u"\\n"_s);
            if (quote == u'\'')
                escaped.replace(u"'"_s, u"\\'"_s);
            return quote + escaped + quote;
        }
        case QJsonValue::Array: {
            QStringList items;
            for (const auto& item : constValue(value.toArray()))
                items << pythonText(item, true, depth + 1);
            return u"["_s + items.join(u", ") + u"]"_s;
        }
        case QJsonValue::Object: {
            QStringList items;
            const QJsonObject object = value.toObject();
            for (auto it = object.begin(); it != object.end(); ++it)
                items << pythonText(it.key(), true, depth + 1) + u": "_s
                             + pythonText(it.value(), true, depth + 1);
            return u"{"_s + items.join(u", ") + u"}"_s;
        }
        default:
            return u"None"_s;
        }
    }

    // Rendering ------------------------------------------------------------------------------------

    bool step(qsizetype offset)
    {
        if (++m_steps <= JinjaLimits::maxSteps && m_result.text.size() <= JinjaLimits::maxOutputBytes)
            return true;
        if (!m_stopped) {
            m_stopped = true;
            problem(JinjaProblem::Kind::Limit, offset,
                    m_steps > JinjaLimits::maxSteps
                        ? u"Rendering takes more than %1 steps; the editor stops there"_s.arg(
                              JinjaLimits::maxSteps)
                        : u"The output is larger than %1 bytes; the editor stops there"_s.arg(
                              JinjaLimits::maxOutputBytes));
        }
        return false;
    }

    // Each place and name once (a loop would repeat it for every item), and so many at most.
    void undefined(const Node& node, const QString& name)
    {
        if (m_undefinedReported.size() > JinjaLimits::maxUndefinedReported)
            return;
        const QString key = u"%1:%2:%3"_s.arg(node.line).arg(node.column).arg(name);
        if (m_undefinedReported.contains(key))
            return;
        m_undefinedReported.insert(key);
        if (m_undefinedReported.size() > JinjaLimits::maxUndefinedReported) {
            m_result.problems.append(
                {JinjaProblem::Kind::Undefined, node.line, node.column,
                 u"More variables are not in the instance data; the first %1 are reported"_s.arg(
                     JinjaLimits::maxUndefinedReported)});
            return;
        }
        m_result.problems.append(
            {JinjaProblem::Kind::Undefined, node.line, node.column,
             u"'%1' is not in the instance data; cloud-init renders it as CI_MISSING_JINJA_VAR/%1"_s.arg(
                 name)});
    }

    void append(QByteArrayView text, int line, bool literal)
    {
        for (const char c : text) {
            if (m_atLineStart)
                m_result.lineMap.append(line);
            m_result.text += c;
            m_atLineStart = c == '\n';
            if (c == '\n' && literal)
                ++line;
        }
    }

    void render(const QList<Node>& nodes, QList<QHash<QString, QJsonValue>>& scopes)
    {
        for (const Node& node : nodes) {
            if (!step(m_lineStarts.value(node.line)))
                return;
            switch (node.kind) {
            case Node::Kind::Text:
                append(m_source.sliced(node.start, node.end - node.start), position(node.start).first, true);
                break;
            case Node::Kind::Output: {
                const Value value = evaluate(*node.expr, scopes);
                if (!value.defined) {
                    undefined(node, value.name);
                    append(u"CI_MISSING_JINJA_VAR/%1"_s.arg(value.name).toUtf8(), node.line, false);
                } else {
                    append(pythonText(value.value, false).toUtf8(), node.line, false);
                }
                break;
            }
            case Node::Kind::If: {
                bool taken = false;
                for (const auto& [condition, body] : node.branches) {
                    if (truthy(evaluate(*condition, scopes))) {
                        render(body, scopes);
                        taken = true;
                        break;
                    }
                }
                if (!taken)
                    render(node.elseBody, scopes);
                break;
            }
            case Node::Kind::For: {
                const Value sequence = evaluate(*node.expr, scopes);
                QJsonArray items;
                if (sequence.defined && sequence.value.isArray())
                    items = sequence.value.toArray();
                else if (sequence.defined && sequence.value.isObject())
                    for (const QString& key : constValue(sequence.value.toObject().keys()))
                        items.append(key);
                else if (sequence.defined && sequence.value.isString())
                    for (const QChar c : constValue(sequence.value.toString()))
                        items.append(QString(c));
                if (items.isEmpty()) {
                    render(node.elseBody, scopes);
                    break;
                }
                // One scope for the loop, its values replaced for each item.
                scopes.append(QHash<QString, QJsonValue>());
                for (qsizetype i = 0; i < items.size() && step(m_lineStarts.value(node.line)); ++i) {
                    QHash<QString, QJsonValue>& scope = scopes.last();
                    scope.insert(node.variable, items.at(i));
                    if (node.usesLoop)
                        scope.insert(u"loop"_s, QJsonObject{{u"index"_s, i + 1},
                                                            {u"index0"_s, i},
                                                            {u"first"_s, i == 0},
                                                            {u"last"_s, i + 1 == items.size()},
                                                            {u"length"_s, items.size()}});
                    render(node.body, scopes);
                }
                scopes.removeLast();
                if (m_stopped)
                    return;
                break;
            }
            }
        }
    }

    QByteArrayView m_source;
    const QJsonObject& m_data;
    QList<qsizetype> m_lineStarts;
    QList<Token> m_tokens;
    JinjaRender m_result;
    qint64 m_steps = 0;
    // Paths starting with "loop" parsed so far.
    int m_loopReads = 0;
    QSet<QString> m_undefinedReported;
    bool m_stopped = false;
    bool m_atLineStart = true;
};

} // namespace

bool JinjaRender::complete() const
{
    return std::none_of(problems.begin(), problems.end(),
                        [](const JinjaProblem& p) { return p.kind != JinjaProblem::Kind::Undefined; });
}

JinjaRender renderJinja(QByteArrayView templateText, const QJsonObject& instanceData)
{
    return Renderer(templateText, instanceData).run();
}

QJsonObject sampleInstanceData()
{
    using namespace Qt::StringLiterals;
    const QJsonObject v1{
        {u"availability_zone"_s, u"us-west1-a"_s},
        {u"cloud_id"_s, u"nocloud"_s},
        {u"cloud_name"_s, u"nocloud"_s},
        {u"distro"_s, u"ubuntu"_s},
        {u"distro_release"_s, u"noble"_s},
        {u"distro_version"_s, u"24.04"_s},
        {u"instance_id"_s, u"inst_sample0000000000000"_s},
        {u"kernel_release"_s, u"6.8.0-45-generic"_s},
        {u"local_hostname"_s, u"worker-1"_s},
        {u"machine"_s, u"x86_64"_s},
        {u"platform"_s, u"nocloud"_s},
        {u"public_ssh_keys"_s,
         QJsonArray{u"ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIExampleKeyOnly user@host"_s}},
        {u"python_version"_s, u"3.12.3"_s},
        {u"region"_s, u"us-west1"_s},
        {u"subplatform"_s, u"seed-dir (/var/lib/cloud/seed/nocloud)"_s},
        {u"system_platform"_s, u"Linux-6.8.0-45-generic-x86_64-with-glibc2.39"_s},
        {u"variant"_s, u"ubuntu"_s},
    };
    const QJsonObject ds{
        {u"meta_data"_s, QJsonObject{{u"instance-id"_s, u"inst_sample0000000000000"_s},
                                     {u"local-hostname"_s, u"worker-1"_s}}},
    };
    return QJsonObject{{u"v1"_s, v1}, {u"ds"_s, ds}};
}

} // namespace CloudInit

} // namespace sfdesk
