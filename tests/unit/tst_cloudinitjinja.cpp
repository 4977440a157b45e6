// SPDX-License-Identifier: Apache-2.0

#include "core/cloudinit/jinja.h"
#include "core/cloudinit/validator.h"
#include "support/testenv.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace sfdesk;
using namespace CloudInit;

namespace {

QJsonObject json(const char* text)
{
    return QJsonDocument::fromJson(text).object();
}

QString kindName(JinjaProblem::Kind kind)
{
    switch (kind) {
    case JinjaProblem::Kind::Syntax:
        return u"syntax"_s;
    case JinjaProblem::Kind::Unsupported:
        return u"unsupported"_s;
    case JinjaProblem::Kind::Undefined:
        return u"undefined"_s;
    case JinjaProblem::Kind::Limit:
        return u"limit"_s;
    }
    return {};
}

// "line:kind" with 1-based lines, for each problem.
QStringList describe(const JinjaRender& render)
{
    QStringList out;
    for (const JinjaProblem& p : render.problems)
        out << u"%1:%2"_s.arg(p.line + 1).arg(kindName(p.kind));
    return out;
}

const QByteArray header = "## template: jinja\n";

QByteArray withHeader(const QByteArray& body)
{
    return header + body;
}

} // namespace

class TestCloudInitJinja final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { TestEnv::init(); }

    void renders_data()
    {
        QTest::addColumn<QByteArray>("body"); // after the "## template: jinja" line
        QTest::addColumn<QByteArray>("expected");
        QTest::addColumn<QStringList>("problems");

        QTest::newRow("v1 variable") << QByteArray("#cloud-config\nhostname: {{ v1.local_hostname }}\n")
                                     << QByteArray("#cloud-config\nhostname: worker-1\n") << QStringList();
        QTest::newRow("no spaces, subscript, hyphen alias")
            << QByteArray("a: {{v1.region}}\nb: {{ ds.meta_data['instance-id'] }}\nc: {{ "
                          "ds.meta_data.local_hostname }}\n")
            << QByteArray("a: us-west1\nb: inst_sample0000000000000\nc: worker-1\n") << QStringList();
        QTest::newRow("v1 keys at the top level")
            << QByteArray("h: {{ local_hostname }}") << QByteArray("h: worker-1") << QStringList();
        QTest::newRow("list index")
            << QByteArray("k: {{ v1.public_ssh_keys[0] }}\n")
            << QByteArray("k: ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIExampleKeyOnly user@host\n")
            << QStringList();
        QTest::newRow("python printing")
            << QByteArray("{{ v1.public_ssh_keys }} {{ true }} {{ none }} {{ 3 }} {{ ds.meta_data }}")
            << QByteArray("['ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIExampleKeyOnly user@host'] True None 3 "
                          "{'instance-id': 'inst_sample0000000000000', 'local-hostname': 'worker-1'}")
            << QStringList();
        // trim_blocks, as cloud-init sets it: the newline after a block tag goes.
        QTest::newRow("if else") << QByteArray(
            "{% if v1.distro == 'ubuntu' %}\npackages: [apt]\n{% else %}\npackages: [dnf]\n{% endif %}\n"
            "x: 1\n") << QByteArray("packages: [apt]\nx: 1\n")
                                 << QStringList();
        QTest::newRow("elif, not, and, or, in, not in") << QByteArray(
            "{% if v1.distro != 'ubuntu' %}a{% elif not v1.region and true %}b{% elif 'west' in "
            "v1.region and 'x' not in v1.region or false %}c{% else %}d{% endif %}")
                                                        << QByteArray("c") << QStringList();
        QTest::newRow("for over a list, loop")
            << QByteArray("keys:\n{% for key in v1.public_ssh_keys %}\n  - {{ loop.index }}: {{ key }}\n{% "
                          "endfor %}\n")
            << QByteArray("keys:\n  - 1: ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIExampleKeyOnly user@host\n")
            << QStringList();
        QTest::newRow("nested loops, each with its loop")
            << QByteArray(
                   "{% for a in 'xy' %}{{ loop.index }}{% for b in 'ab' %}{{ a }}{{ b }}{{ loop.index }}"
                   "{% endfor %}{{ loop.last }};{% endfor %}{% for c in 'pq' %}{{ c }}{% endfor %}")
            << QByteArray("1xa1xb2False;2ya1yb2True;pq") << QStringList();
        QTest::newRow("for else over nothing")
            << QByteArray("{% for x in v1.nothing %}{{ x }}{% else %}none{% endfor %}") << QByteArray("none")
            << QStringList();
        QTest::newRow("comment and whitespace control")
            << QByteArray("{# a note #}\na:   {{- v1.region -}}   \n  b\n") << QByteArray("a:us-west1b\n")
            << QStringList();
        QTest::newRow("undefined variable")
            << QByteArray("#cloud-config\nhostname: {{ v1.nothing }}\n")
            << QByteArray("#cloud-config\nhostname: CI_MISSING_JINJA_VAR/nothing\n")
            << QStringList{u"3:undefined"_s};

        QTest::newRow("filter") << QByteArray("#cloud-config\nhostname: {{ v1.region | upper }}\n")
                                << QByteArray() << QStringList{u"3:unsupported"_s};
        QTest::newRow("set") << QByteArray("{% set x = 1 %}\n") << QByteArray()
                             << QStringList{u"2:unsupported"_s};
        QTest::newRow("macro") << QByteArray("\n{% macro m() %}{% endmacro %}") << QByteArray()
                               << QStringList{u"3:unsupported"_s};
        QTest::newRow("call") << QByteArray("{{ range(3) }}") << QByteArray()
                              << QStringList{u"2:unsupported"_s};
        QTest::newRow("arithmetic") << QByteArray("{{ 1 + 2 }}") << QByteArray()
                                    << QStringList{u"2:unsupported"_s};
        QTest::newRow("tuple loop") << QByteArray("{% for k, v in ds.meta_data %}{% endfor %}")
                                    << QByteArray() << QStringList{u"2:unsupported"_s};
        QTest::newRow("unclosed tag")
            << QByteArray("a\n{{ v1.region\n") << QByteArray() << QStringList{u"3:syntax"_s};
        QTest::newRow("unclosed if") << QByteArray("{% if true %}\nx\n") << QByteArray()
                                     << QStringList{u"2:syntax"_s};
        QTest::newRow("stray endif") << QByteArray("x\n{% endif %}\n") << QByteArray()
                                     << QStringList{u"3:syntax"_s};
        QTest::newRow("unclosed string")
            << QByteArray("{{ 'abc }}") << QByteArray() << QStringList{u"2:syntax"_s};

        // and/or chains give what Python gives: the first operand that decides, else the last.
        QTest::newRow("or chain") << QByteArray("{{ 0 or '' or none or 'x' or 1 }}") << QByteArray("x")
                                  << QStringList();
        QTest::newRow("or chain, all false")
            << QByteArray("{{ 0 or '' or false }}") << QByteArray("False") << QStringList();
        QTest::newRow("and chain") << QByteArray("{{ 1 and 'a' and 0 and 3 }}") << QByteArray("0")
                                   << QStringList();
        QTest::newRow("and chain, all true")
            << QByteArray("{{ 1 and 'a' and 2 }}") << QByteArray("2") << QStringList();
        QTest::newRow("and binds tighter than or")
            << QByteArray("{{ 0 and 1 or 2 and 3 }} {{ not 1 or 0 and 1 }} {{ (1 or 0) and 'y' }}")
            << QByteArray("3 0 y") << QStringList();
        QTest::newRow("undefined in a chain")
            << QByteArray("{{ v1.nothing or v1.region }} {{ v1.region and v1.nothing }}")
            << QByteArray("us-west1 CI_MISSING_JINJA_VAR/nothing") << QStringList{u"2:undefined"_s};
        QTest::newRow("1000 operators")
            << "{{ 0" + QByteArray(" or 0").repeated(999) + " or 7 }}" << QByteArray("7") << QStringList();
        QTest::newRow("1001 operators") << "\n{{ 0" + QByteArray(" or 0").repeated(1000) + " or 7 }}"
                                        << QByteArray() << QStringList{u"3:limit"_s};
        QTest::newRow("1001 operators of every kind")
            << "{% if 1"
                   + QByteArray(" == 1 and 'a' in 'abc' and 'b' not in 'a' and not 0 != 1 and 1")
                         .repeated(200)
                   + " %}{% endif %}"
            << QByteArray() << QStringList{u"2:limit"_s};
    }
    void renders()
    {
        QFETCH(QByteArray, body);
        QFETCH(QByteArray, expected);
        QFETCH(QStringList, problems);
        const JinjaRender render = renderJinja(withHeader(body), sampleInstanceData());
        QCOMPARE(describe(render), problems);
        if (render.complete())
            QCOMPARE(render.text, expected);
        for (const JinjaProblem& p : render.problems)
            QVERIFY2(!p.message.isEmpty(), "a problem without a message");
        // Unsupported constructs say what the renderer does support.
        for (const JinjaProblem& p : render.problems)
            if (p.kind == JinjaProblem::Kind::Unsupported)
                QVERIFY2(p.message.contains(u"not supported"_s) && p.message.contains(u"{% for %}"_s),
                         qPrintable(p.message));
    }

    // Every output line knows the template line it comes from.
    void mapsLinesBack()
    {
        const QByteArray body =
            "#cloud-config\n{% if true %}\nhostname: {{ v1.local_hostname }}\n{% endif %}\n"
            "{% for k in v1.public_ssh_keys %}\nkey: {{ k }}\n{% endfor %}\nlast: 1\n";
        const JinjaRender render = renderJinja(withHeader(body), sampleInstanceData());
        QVERIFY(render.complete());
        QCOMPARE(render.text.count('\n'), 4);
        QCOMPARE(render.lineMap, (QList<int>{1, 3, 6, 8}));
    }

    // Hostile templates end with a limit problem, fast, never with a crash or a hang.
    void boundsHostileTemplates_data()
    {
        QTest::addColumn<QByteArray>("body");
        QTest::addColumn<QJsonObject>("data");
        QByteArray deepIf;
        for (int i = 0; i < 10000; ++i)
            deepIf += "{% if true %}";
        QTest::newRow("10,000 nested ifs") << deepIf << QJsonObject();
        QTest::newRow("10,000 parentheses") << "{{ " + QByteArray(10000, '(') + "1 }}" << QJsonObject();
        QTest::newRow("10,000 nots") << "{% if " + QByteArray("not ").repeated(10000) + "true %}{% endif %}"
                                     << QJsonObject();
        QJsonArray thousand;
        for (int i = 0; i < 1000; ++i)
            thousand.append(i);
        const QJsonObject many{{u"l"_s, thousand}};
        QTest::newRow("a billion iterations") << QByteArray(
            "{% for a in l %}{% for b in l %}{% for c in l %}x{% endfor %}{% endfor %}{% endfor %}")
                                              << many;
        QTest::newRow("output past the limit")
            << "{% for a in l %}" + QByteArray(4000, 'y') + "{% endfor %}" << many;
        QTest::newRow("template past the limit")
            << "{{ 1 }}" + QByteArray(JinjaLimits::maxTemplateBytes, 'z') << QJsonObject();
        // 750 KB, under the template limit: each crashed the renderer through stack overflow, in
        // the evaluation and again when the expression was freed (audit N1).
        QTest::newRow("150,000 ors") << "{{ 1" + QByteArray(" or 1").repeated(150'000) + " }}"
                                     << QJsonObject();
        QTest::newRow("150,000 ands")
            << "{{ 1" + QByteArray(" and 1").repeated(150'000) + " }}" << QJsonObject();
        QTest::newRow("150,000 nots")
            << "{{ " + QByteArray("not ").repeated(150'000) + "1 }}" << QJsonObject();
        QTest::newRow("150,000 comparisons")
            << "{% if 1" + QByteArray(" == 1 or 1").repeated(75'000) + " %}" << QJsonObject();
        // Blocks up to the template limit: lexing them once read the rest of the template again
        // for every tag (ctest's timeout rather than an answer).
        const QByteArray ifTag = "{% if true %}";
        QTest::newRow("nested ifs up to the template limit")
            << ifTag.repeated((JinjaLimits::maxTemplateBytes - 64) / ifTag.size()) << QJsonObject();
        QTest::newRow("outputs up to the template limit")
            << QByteArray("{{ 1 }}").repeated((JinjaLimits::maxTemplateBytes - 64) / 7) << QJsonObject();
    }
    void boundsHostileTemplates()
    {
        QFETCH(QByteArray, body);
        QFETCH(QJsonObject, data);
        // A renderer without the limits would run for hours here and fail on ctest's timeout; a
        // wall-clock bound would fail a correct renderer on a loaded machine (it did, under ASan).
        const JinjaRender render = renderJinja(withHeader(body), data);
        QVERIFY(!render.complete());
        QVERIFY2(describe(render).join(u' ').contains(u"limit"_s), qPrintable(describe(render).join(u' ')));
        QVERIFY(render.text.size() <= JinjaLimits::maxOutputBytes + 8192);
        // The validator reports it and does not check a partial result.
        const ValidationResult result = validateUserData(withHeader("#cloud-config\n" + body), data);
        bool limit = false;
        for (const Diagnostic& d : result.diagnostics)
            limit = limit || d.code == u"jinja-limit";
        QVERIFY(limit);
        QVERIFY(!result.schemaChecked);
    }

    // Each limit is said at the template line where it was reached, with the limit in the message.
    void limitsNameTheirLine_data()
    {
        QTest::addColumn<QByteArray>("body");
        QTest::addColumn<int>("line"); // 0-based, in the template with its header line
        QTest::addColumn<QString>("message");
        QTest::newRow("operators") << "#cloud-config\na: 1\nx: {{ 1" + QByteArray(" or 1").repeated(5000)
                                          + " }}"
                                   << 3 << u"The expression has more than 1000 operators"_s;
        QTest::newRow("parentheses") << "\n\n{{ " + QByteArray(100, '(') + "1" + QByteArray(100, ')') + " }}"
                                     << 3 << u"The expression nests more than 64 deep"_s;
        QTest::newRow("blocks") << "#cloud-config\n" + QByteArray("{% if true %}\n").repeated(40'000) << 67
                                << u"Blocks nest more than 64 deep"_s;
    }
    void limitsNameTheirLine()
    {
        QFETCH(QByteArray, body);
        QFETCH(int, line);
        QFETCH(QString, message);
        const JinjaRender render = renderJinja(withHeader(body), QJsonObject());
        QCOMPARE(render.problems.size(), 1);
        QCOMPARE(render.problems.first().kind, JinjaProblem::Kind::Limit);
        QCOMPARE(render.problems.first().line, line);
        QVERIFY2(render.problems.first().message.startsWith(message),
                 qPrintable(render.problems.first().message));
    }

    // An undefined variable is reported once for its place however often a loop renders it, and
    // the number of reports is bounded.
    void undefinedVariablesAreReportedOnce()
    {
        QJsonArray thousand;
        for (int i = 0; i < 1000; ++i)
            thousand.append(i);
        const JinjaRender loop = renderJinja(withHeader("{% for a in l %}{{ nothing }}{% endfor %}"),
                                             QJsonObject{{u"l"_s, thousand}});
        QCOMPARE(describe(loop), QStringList{u"2:undefined"_s});
        QVERIFY(loop.text.startsWith("CI_MISSING_JINJA_VAR/nothingCI_MISSING_JINJA_VAR/nothing"));

        QByteArray many;
        for (int i = 0; i < 500; ++i)
            many += "{{ missing" + QByteArray::number(i) + " }}\n";
        const JinjaRender render = renderJinja(withHeader(many), QJsonObject());
        QCOMPARE(render.problems.size(), JinjaLimits::maxUndefinedReported + 1);
        QCOMPARE(
            render.problems.first().message,
            u"'missing0' is not in the instance data; cloud-init renders it as CI_MISSING_JINJA_VAR/missing0"_s);
        QCOMPARE(render.problems.last().message,
                 u"More variables are not in the instance data; the first 100 are reported"_s);
        QCOMPARE(render.problems.last().line, 101);
        QVERIFY(render.complete());
        QCOMPARE(render.text.count("CI_MISSING_JINJA_VAR/"), 500);
    }

    // The validator renders, checks the result and reports at the template's lines.
    void validatesTheRenderedResult()
    {
        const QByteArray text =
            header
            + "#cloud-config\n{% if v1.distro == 'ubuntu' %}\npackage_update: maybe\n{% endif %}\n"
              "hostname: {{ v1.local_hostname }}\n";
        const ValidationResult result = validateUserData(text);
        QVERIFY(!result.valid());
        QVERIFY(result.schemaChecked);
        const Diagnostic* error = nullptr;
        for (const Diagnostic& d : result.diagnostics)
            if (d.severity == Severity::Error)
                error = &d;
        QVERIFY(error);
        QCOMPARE(error->range.start.line, 3); // "package_update: maybe" in the template
        QCOMPARE(error->path, u"package_update"_s);
        QVERIFY(!error->fix.has_value());

        // Other instance data takes the other branch: valid, with the missing variable named.
        const ValidationResult debian = validateUserData(text, json(R"({"v1": {"distro": "debian"}})"));
        QVERIFY(debian.valid());
        bool undefined = false;
        for (const Diagnostic& d : debian.diagnostics)
            undefined = undefined || (d.code == u"jinja-undefined" && d.range.start.line == 5);
        QVERIFY(undefined);

        // An unsupported construct: said at its line, and the result is not checked.
        const ValidationResult filter = validateUserData(
            withHeader("#cloud-config\npackage_update: maybe\nhostname: {{ v1.region | upper }}\n"));
        QVERIFY(filter.valid());
        QVERIFY(!filter.schemaChecked);
        bool unsupported = false;
        for (const Diagnostic& d : filter.diagnostics)
            unsupported = unsupported || (d.code == u"jinja-unsupported" && d.range.start.line == 3);
        QVERIFY(unsupported);

        // A syntax error is an error.
        QVERIFY(!validateUserData(withHeader("#cloud-config\n{% if true %}\n")).valid());
    }
};

QTEST_GUILESS_MAIN(TestCloudInitJinja)
#include "tst_cloudinitjinja.moc"
