#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Fails where the app could show server text as rich text.

Qt renders text as HTML wherever a widget's text format is Qt::AutoText (QLabel's and QMessageBox's
default) and Qt::mightBeRichText says it looks like HTML, and in tooltips, which QToolTip renders
the same way. A server name such as "x<b>bold</b><!--" then changes what the user reads (and "<!--"
hides the rest of a confirmation). So, in src/gui, src/core and ui/:

  label       every QLabel made in C++ comes from PlainText::label, or sets its text format (in the
              function that makes it; anywhere in the file for a member), or shows a constant text
              only (a tr("...") literal, never set again)
  label-class a class derived from QLabel sets its text format in its own source file
  ui-label    every QLabel of a form states its textFormat
  messagebox  every QMessageBox sets its text format; the static QMessageBox::question, warning, ...
              (AutoText, and a nested event loop) are not used
  wizard      a QWizard sets the format of its page titles and subtitles
  tooltip     every tooltip (setToolTip, setItemData with Qt::ToolTipRole, a model's ToolTipRole,
              QToolTip::showText) is constant text or made by PlainText::toolTip
  notify      a desktop notification's body goes through PlainText::markupEscaped

A statement that shows rich text on purpose, with every server value escaped, says so with a
comment "// rich text: <why it is safe>" on its line or the line above; the lint then leaves it.

Usage: plain-text-check.py SOURCE_DIR     (or --self-test: the rules find what they should)
"""

import pathlib
import re
import sys
import tempfile
import xml.etree.ElementTree as ElementTree

MARKER = re.compile(r"//\s*rich text:")

STRING = r'(?:u8|u|U|L)?"(?:[^"\\\n]|\\.)*"(?:_s|_L1)?'
# tr("...") (literals may be split, a plural may give its number), QT_TR_NOOP-style translate calls,
# and literals: text written in the source, never the server's.
CONSTANT = re.compile(
    r"^(?:"
    r"(?:\w+::)?tr\(\s*(?:" + STRING + r"\s*)+(?:,\s*(?:nullptr|\w+|\"[^\"]*\")\s*(?:,\s*[\w.()>-]+\s*)?)?\)"
    r"|QCoreApplication::translate\(\s*" + STRING + r"\s*,\s*(?:" + STRING + r"\s*)+\)"
    r"|QStringLiteral\(\s*(?:" + STRING + r"\s*)+\)"
    r"|QLatin1String(?:View)?\(\s*" + STRING + r"\s*\)"
    r"|(?:" + STRING + r"\s*)+"
    r"|QString\(\)|QString\{\}|\{\}|QVariant\(\)|QVariant\{\}"
    r")$",
    re.S,
)
SAFE_TOOLTIP = re.compile(r"^(?:PlainText::toolTip\(|[\w>.-]+(?:->|\.)toolTip\(\)$)")


class Findings:
    def __init__(self, root):
        self.root = root
        self.items = []

    def add(self, path, line, rule, message):
        self.items.append(f"{path.relative_to(self.root)}:{line}: [{rule}] {message}")


def blank_comments(text):
    """The text with comments replaced by spaces (strings kept), so offsets and lines stay."""
    out = []
    i = 0
    n = len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            out.append(" " * (j - i))
            i = j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        elif c == '"' or c == "'":
            # A raw string R"delim( ... )delim".
            raw = re.match(r'R"([^(\s]*)\(', text[i - 1 : i + 20]) if i > 0 and text[i - 1] == "R" else None
            if raw and c == '"':
                end = text.find(")" + raw.group(1) + '"', i)
                j = n if end < 0 else end + len(raw.group(1)) + 2
            else:
                j = i + 1
                while j < n and text[j] != c and text[j] != "\n":
                    j += 2 if text[j] == "\\" else 1
                j += 1
            out.append(text[i:j])
            i = j
        else:
            out.append(c)
            i += 1
    return "".join(out)


def matching_paren(code, open_index):
    """The index of the parenthesis closing the one at open_index (strings skipped)."""
    depth = 0
    i = open_index
    n = len(code)
    while i < n:
        c = code[i]
        if c == '"' or c == "'":
            j = i + 1
            while j < n and code[j] != c and code[j] != "\n":
                j += 2 if code[j] == "\\" else 1
            i = j + 1
            continue
        if c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
            if depth == 0:
                return i
        i += 1
    return n - 1


def split_arguments(text):
    """Top-level comma-separated arguments of an argument list (without its parentheses)."""
    args = []
    depth = 0
    start = 0
    i = 0
    while i < len(text):
        c = text[i]
        if c == '"' or c == "'":
            j = i + 1
            while j < len(text) and text[j] != c:
                j += 2 if text[j] == "\\" else 1
            i = j + 1
            continue
        if c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
        elif c == "," and depth == 0:
            args.append(text[start:i].strip())
            start = i + 1
        i += 1
    last = text[start:].strip()
    if last or args:
        args.append(last)
    return args


def line_of(code, offset):
    return code.count("\n", 0, offset) + 1


def marked(lines, line):
    """Whether the statement at line (1-based) carries the rich-text marker on it or the line above."""
    for index in (line - 1, line - 2):
        if 0 <= index < len(lines) and MARKER.search(lines[index]):
            return True
    return False


def function_end(code, offset):
    """The end of the function around offset: the next line that is a lone '}' at column 0."""
    match = re.compile(r"\n\}").search(code, offset)
    return match.start() if match else len(code)


def scope_of(code, name, offset):
    """Where a variable made at offset can be given a format: the file for members, else its function."""
    if name.startswith("m_") or "->" in name or "." in name:
        return code
    return code[offset : function_end(code, offset)]


def sets_format(scope, name):
    short = re.escape(name.split("->")[-1].split(".")[-1])
    return re.search(r"(?:\(\s*\*\s*)?\b" + short + r"\s*\)?\s*(?:->|\.)\s*setTextFormat\s*\(", scope)


def formats_parameter(code, function):
    """Whether a function of this file sets the text format of the QMessageBox it takes first."""
    for match in re.finditer(r"\b" + re.escape(function) + r"\s*\(\s*(?:const\s+)?QMessageBox\s*\*\s*(\w+)[^;{]*\{", code):
        if sets_format(code[match.end() : function_end(code, match.end())], match.group(1)):
            return True
    return False


def handed_to_formatter(code, scope, name):
    """Whether the box is handed (as first argument) to a function of this file that sets its format."""
    return any(formats_parameter(code, call.group(1))
               for call in re.finditer(r"\b(\w+)\s*\(\s*" + re.escape(name) + r"\s*[,)]", scope))


def assigned_name(code, offset):
    """The variable a 'new X' at offset is assigned to (or initialises), or None."""
    before = code[max(0, offset - 200) : offset]
    match = re.search(r"([\w]+(?:(?:->|\.)[\w]+)*|\(\s*\*\s*\w+\s*\))\s*=\s*$", before)
    if match:
        return match.group(1).replace("(", "").replace(")", "").replace("*", "").strip()
    match = re.search(r"\b(m_\w+)\s*[({]\s*$", before)
    if match:
        return match.group(1)
    return None


def constructor_arguments(code, offset, length):
    """The argument list text of 'new X(...)' at offset ('' for 'new X;')."""
    rest = code[offset + length :]
    stripped = rest.lstrip()
    if not stripped.startswith("("):
        return "", offset + length
    open_index = offset + length + (len(rest) - len(stripped))
    close = matching_paren(code, open_index)
    return code[open_index + 1 : close], close


def check_cpp(path, findings, is_gui):
    text = path.read_text(encoding="utf-8")
    code = blank_comments(text)
    lines = text.split("\n")

    def add(offset, rule, message):
        line = line_of(code, offset)
        if not marked(lines, line):
            findings.add(path, line, rule, message)

    if is_gui:
        # Labels made here.
        for match in re.finditer(r"\bnew\s+QLabel\b", code):
            name = assigned_name(code, match.start())
            args, _ = constructor_arguments(code, match.start(), len(match.group(0)))
            arguments = split_arguments(args)
            text_argument = arguments[0] if arguments and not re.match(r"^[\w>.-]*$", arguments[0]) else None
            constant = text_argument is None or CONSTANT.match(text_argument)
            if name:
                scope = scope_of(code, name, match.start())
                if sets_format(scope, name):
                    continue
                # A constant text (or none: a picture) that nothing changes, in a label that does not
                # leave the function that makes it.
                short = re.escape(name.split("->")[-1].split(".")[-1])
                changed = re.search(r"\b" + short + r"\s*\)?\s*(?:->|\.)\s*setText\s*\(", scope)
                returned = re.search(r"\breturn\s+" + short + r"\s*;", scope)
                if constant and not changed and not returned:
                    continue
                add(match.start(), "label",
                    f"QLabel '{name}' shows text without a text format: make it with PlainText::label, "
                    "or set its format")
            elif not constant or text_argument is None:
                add(match.start(), "label",
                    "a QLabel without a name shows text that is not constant: make it with PlainText::label")
        for match in re.finditer(r"\bQLabel\s+(\w+)\s*[({]", code):
            if not sets_format(scope_of(code, match.group(1), match.start()), match.group(1)):
                add(match.start(), "label", f"QLabel '{match.group(1)}' shows text without a text format")

        # Message boxes.
        for match in re.finditer(r"\bQMessageBox::(question|information|warning|critical|about)\s*\(", code):
            add(match.start(), "messagebox",
                f"QMessageBox::{match.group(1)} shows its text as Qt::AutoText (and runs a nested event "
                "loop): make a QMessageBox, set Qt::PlainText and open() it")
        boxes = [(assigned_name(code, m.start()), m.start()) for m in re.finditer(r"\bnew\s+QMessageBox\b", code)]
        boxes += [(m.group(1), m.start()) for m in re.finditer(r"\bQMessageBox\s+(\w+)\s*[({]", code)]
        for name, offset in boxes:
            scope = scope_of(code, name, offset) if name else ""
            if not name or not (sets_format(scope, name) or handed_to_formatter(code, scope, name)):
                add(offset, "messagebox",
                    f"QMessageBox '{name or '(unnamed)'}' shows its text as Qt::AutoText: set Qt::PlainText")

        # Wizards' page titles.
        if path.suffix == ".cpp" and re.search(r"^\s*:\s*QWizard\(", code, re.M):
            for setter in ("setTitleFormat", "setSubTitleFormat"):
                if not re.search(r"\b" + setter + r"\s*\(", code):
                    add(0, "wizard", f"a QWizard shows page titles as Qt::AutoText: call {setter}")

    # Tooltips.
    for match in re.finditer(r"\bsetToolTip\s*\(", code):
        close = matching_paren(code, match.end() - 1)
        arguments = split_arguments(code[match.end() : close])
        value = arguments[-1] if arguments else ""
        if not (CONSTANT.match(value) or SAFE_TOOLTIP.match(value)):
            add(match.start(), "tooltip",
                f"tooltip from non-constant text '{value[:60]}': pass it through PlainText::toolTip")
    for match in re.finditer(r"\bsetItemData\s*\(", code):
        close = matching_paren(code, match.end() - 1)
        arguments = split_arguments(code[match.end() : close])
        if len(arguments) >= 3 and arguments[-1].endswith("ToolTipRole"):
            value = arguments[-2]
            if not (CONSTANT.match(value) or SAFE_TOOLTIP.match(value)):
                add(match.start(), "tooltip",
                    f"tooltip from non-constant text '{value[:60]}': pass it through PlainText::toolTip")
    for match in re.finditer(r"\bQToolTip::showText\s*\(", code):
        close = matching_paren(code, match.end() - 1)
        arguments = split_arguments(code[match.end() : close])
        value = arguments[1] if len(arguments) > 1 else ""
        if not (CONSTANT.match(value) or SAFE_TOOLTIP.match(value)):
            add(match.start(), "tooltip",
                f"tooltip from non-constant text '{value[:60]}': pass it through PlainText::toolTip")
    for match in re.finditer(r"(?:case\s+Qt::ToolTipRole\s*:|==\s*Qt::ToolTipRole\b|Qt::ToolTipRole\s*==)", code):
        ret = re.compile(r"\breturn\b").search(code, match.end())
        if not ret:
            continue
        end = code.find(";", ret.end())
        value = code[ret.end() : end].strip()
        if not (CONSTANT.match(value) or SAFE_TOOLTIP.match(value) or value in ("", "{}")):
            add(match.start(), "tooltip",
                f"Qt::ToolTipRole answers non-constant text '{value[:60]}': pass it through PlainText::toolTip")

    # Desktop notifications: what is streamed into the Notify call, in the function that makes it.
    for match in re.finditer(r"\b(\w+)\s*=\s*QDBusMessage::createMethodCall\s*\(", code):
        close = matching_paren(code, match.end() - 1)
        if "Notify" not in code[match.end() : close]:
            continue
        end = function_end(code, close)
        streamed = [code[m.start() : code.find(";", m.start())]
                    for m in re.finditer(r"\b" + re.escape(match.group(1)) + r"\s*<<", code[:end])
                    if m.start() > close]
        if not any("PlainText::markupEscaped(" in statement for statement in streamed):
            add(match.start(), "notify",
                "a desktop notification's body is markup: pass it through PlainText::markupEscaped")


def check_label_classes(root, findings):
    for header in sorted((root / "src").rglob("*.h")):
        text = blank_comments(header.read_text(encoding="utf-8"))
        for match in re.finditer(r"class\s+(\w+)[^;{]*:\s*public\s+QLabel\b", text):
            source = header.with_suffix(".cpp")
            body = source.read_text(encoding="utf-8") if source.exists() else ""
            if "setTextFormat(" not in blank_comments(body):
                findings.add(header, line_of(text, match.start()), "label-class",
                             f"{match.group(1)} derives from QLabel and never sets its text format")


def check_ui(path, findings):
    text = path.read_text(encoding="utf-8")
    tree = ElementTree.fromstring(text)
    for widget in tree.iter("widget"):
        if widget.get("class") != "QLabel":
            continue
        formats = [p for p in widget.findall("property") if p.get("name") == "textFormat"]
        if not formats:
            name = widget.get("name", "")
            offset = text.find(f'name="{name}"')
            findings.add(path, line_of(text, max(offset, 0)), "ui-label",
                         f"QLabel '{name}' does not state its textFormat")


def run(root):
    findings = Findings(root)
    files = 0
    for folder, is_gui in (("src/gui", True), ("src/core", False)):
        for path in sorted((root / folder).rglob("*")):
            if path.suffix in (".cpp", ".h"):
                check_cpp(path, findings, is_gui)
                files += 1
    check_label_classes(root, findings)
    for path in sorted((root / "ui").glob("*.ui")):
        check_ui(path, findings)
        files += 1
    return findings, files


SELF_TEST = {
    "src/gui/bad.cpp": r'''
#include "gui/common/plaintextwidgets.h"
void Bad::build(const Pool& pool)
{
    auto* name = new QLabel(this);
    name->setText(pool.name);
    m_status = new QLabel(tr("Loading"), this);
    layout->addWidget(new QLabel(pool.name, this));
    auto* box = new QMessageBox(QMessageBox::Warning, tr("Delete"), pool.name, QMessageBox::Ok, this);
    box->open();
    QMessageBox::question(this, tr("Delete"), pool.name);
    button->setToolTip(pool.name);
    item->setToolTip(0, tr("Pool %1").arg(pool.name));
    combo->setItemData(0, pool.name, Qt::ToolTipRole);
    QToolTip::showText(QCursor::pos(), pool.name, this);
}
void Bad::later(const Pool& pool)
{
    m_status->setText(pool.name);
}
QVariant BadModel::data(const QModelIndex& index, int role) const
{
    if (role == Qt::DisplayRole || role == Qt::ToolTipRole)
        return m_rows.at(index.row()).name;
    return {};
}
QMessageBox* Bad::ask(const QString& text)
{
    auto* box = new QMessageBox(QMessageBox::Question, tr("Sure?"), text, QMessageBox::Yes, this);
    return show(box);
}
QMessageBox* Bad::show(QMessageBox* box)
{
    box->open();
    return box;
}
void BadNotifier::show(const Notice& notice)
{
    QDBusMessage call = QDBusMessage::createMethodCall(Service, Path, Interface, QStringLiteral("Notify"));
    call << QStringLiteral("sfdesk") << notice.title << notice.text;
}
''',
    "src/gui/good.cpp": r'''
void Good::build(const Pool& pool)
{
    auto* name = PlainText::label(this, pool.name);
    auto* caption = new QLabel(tr("&Name:"), this);
    caption->setBuddy(name);
    layout->addWidget(new QLabel(tr("Pools"), this));
    auto* status = new QLabel(this);
    status->setTextFormat(Qt::PlainText);
    status->setText(pool.name);
    auto* box = new QMessageBox(QMessageBox::Warning, tr("Delete"), pool.name, QMessageBox::Ok, this);
    box->setTextFormat(Qt::PlainText);
    button->setToolTip(PlainText::toolTip(pool.name));
    other->setToolTip(tr("Delete the pool"));
    item->setToolTip(0, PlainText::toolTip(pool.name));
    // rich text: every server value is escaped
    legend->setToolTip(u"<b>%1</b>"_s.arg(pool.name.toHtmlEscaped()));
}
QVariant GoodModel::data(const QModelIndex& index, int role) const
{
    if (role == Qt::ToolTipRole)
        return PlainText::toolTip(m_rows.at(index.row()).name);
    return {};
}
QMessageBox* Good::ask(const QString& text)
{
    auto* box = new QMessageBox(QMessageBox::Question, tr("Sure?"), text, QMessageBox::Yes, this);
    return open(box, QStringLiteral("question"));
}
QMessageBox* Good::open(QMessageBox* box, const QString& objectName)
{
    box->setObjectName(objectName);
    box->setTextFormat(Qt::PlainText);
    return box;
}
void GoodNotifier::show(const Notice& notice)
{
    QDBusMessage call = QDBusMessage::createMethodCall(Service, Path, Interface, QStringLiteral("Notify"));
    call << QStringLiteral("sfdesk") << notice.title << PlainText::markupEscaped(notice.text);
}
''',
    "src/gui/badlabel.h": "class BadLabel final : public QLabel\n{\n};\n",
    "src/gui/badlabel.cpp": "BadLabel::BadLabel(QWidget* parent)\n    : QLabel(parent)\n{\n}\n",
    "src/gui/badwizard.cpp": "Wizard::Wizard(QWidget* parent)\n    : QWizard(parent)\n{\n    setTitleFormat(Qt::PlainText);\n}\n",
    "src/gui/picture.cpp": "void Picture::build()\n{\n    auto* icon = new QLabel(this);\n    icon->setPixmap(m_pixmap);\n}\n"
    "QLabel* Picture::detail(QWidget* parent)\n{\n    auto* label = new QLabel(parent);\n    return label;\n}\n",
    "src/core/.keep": "",
    "ui/bad.ui": '<?xml version="1.0"?><ui version="4.0"><widget class="QDialog" name="D">'
    '<widget class="QLabel" name="errorLabel"/>'
    '<widget class="QLabel" name="okLabel"><property name="textFormat"><enum>Qt::PlainText</enum></property></widget>'
    "</widget></ui>",
}

EXPECTED = [
    "src/gui/bad.cpp:5: [label] QLabel 'name'",
    "src/gui/bad.cpp:7: [label] QLabel 'm_status'",
    "src/gui/bad.cpp:8: [label] a QLabel without a name",
    "src/gui/bad.cpp:9: [messagebox] QMessageBox 'box'",
    "src/gui/bad.cpp:11: [messagebox] QMessageBox::question",
    "src/gui/bad.cpp:12: [tooltip] tooltip from non-constant text 'pool.name'",
    "src/gui/bad.cpp:13: [tooltip] tooltip from non-constant text 'tr(\"Pool %1\").arg(pool.name)'",
    "src/gui/bad.cpp:14: [tooltip] tooltip from non-constant text 'pool.name'",
    "src/gui/bad.cpp:15: [tooltip] tooltip from non-constant text 'pool.name'",
    "src/gui/bad.cpp:23: [tooltip] Qt::ToolTipRole answers non-constant text",
    "src/gui/bad.cpp:29: [messagebox] QMessageBox 'box'",
    "src/gui/bad.cpp:39: [notify]",
    "src/gui/badlabel.h:1: [label-class] BadLabel",
    "src/gui/picture.cpp:8: [label] QLabel 'label'",
    "src/gui/badwizard.cpp:1: [wizard] a QWizard shows page titles as Qt::AutoText: call setSubTitleFormat",
    "ui/bad.ui:1: [ui-label] QLabel 'errorLabel'",
]


def self_test():
    with tempfile.TemporaryDirectory() as folder:
        root = pathlib.Path(folder)
        for name, content in SELF_TEST.items():
            (root / name).parent.mkdir(parents=True, exist_ok=True)
            (root / name).write_text(content, encoding="utf-8")
        findings, _ = run(root)
        ok = True
        for expected in EXPECTED:
            if not any(item.startswith(expected) for item in findings.items):
                print(f"self-test: not found: {expected}")
                ok = False
        for item in findings.items:
            if not any(item.startswith(expected) for expected in EXPECTED):
                print(f"self-test: unexpected: {item}")
                ok = False
        print("\n".join(findings.items))
        print(f"self-test: {len(findings.items)} findings, {'as expected' if ok else 'NOT as expected'}")
        return 0 if ok else 1


def main():
    if len(sys.argv) != 2:
        print(__doc__)
        return 2
    if sys.argv[1] == "--self-test":
        return self_test()
    root = pathlib.Path(sys.argv[1]).resolve()
    findings, files = run(root)
    if findings.items:
        print("Server text could be shown as rich text (see tests/smoke/plain-text-check.py):")
        print("\n".join(findings.items))
        print(f"plain text: {len(findings.items)} findings in {files} files")
        return 1
    print(f"plain text: {files} files, every label, message box, tooltip and notification is plain")
    return 0


if __name__ == "__main__":
    sys.exit(main())
