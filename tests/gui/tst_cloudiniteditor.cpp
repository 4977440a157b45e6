// SPDX-License-Identifier: Apache-2.0

#include "core/cloudinit/multipart.h"

#include "common/constvalue.h"
#include "confirmations.h"
#include "core/cloudinit/sshkeys.h"
#include "core/cloudinit/templates.h"
#include "core/cloudinit/userdata.h"
#include "core/cloudinit/validator.h"
#include "core/settings/settings.h"
#include "gui/cloudinit/cloudinitcodeeditor.h"
#include "gui/cloudinit/cloudinitpage.h"
#include "gui/cloudinit/multipartdialog.h"
#include "gui/cloudinit/sshbootstrapdialog.h"
#include "gui/mainwindow/mainwindow.h"
#include "support/eventloopwatchdog.h"
#include "support/testenv.h"
#include "widgetscreenshot.h"

#include <QAbstractItemView>
#include <QAccessible>
#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QCompleter>
#include <QDialogButtonBox>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileDialog>
#include <QFrame>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QLocale>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPointer>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBlock>
#include <QToolBar>
#include <QTreeWidget>

#include <algorithm>

#include <sys/stat.h>

using namespace Qt::StringLiterals;
using namespace sfdesk;

namespace {

QTreeWidget* problems(CloudInitPage& page)
{
    return page.findChild<QTreeWidget*>(u"cloudInitDiagnostics"_s);
}

QTreeWidgetItem* problemContaining(CloudInitPage& page, const QString& text)
{
    QTreeWidget* list = problems(page);
    for (int i = 0; i < list->topLevelItemCount(); ++i) {
        if (list->topLevelItem(i)->text(2).contains(text))
            return list->topLevelItem(i);
    }
    return nullptr;
}

// Validation runs off the UI thread: runs action and waits until the page shows a result.
template <typename Action> bool validatedAfter(CloudInitPage& page, Action action)
{
    QSignalSpy spy(&page, &CloudInitPage::validated);
    action();
    // A run that ended before its continuation was attached shows its result at once.
    return !spy.isEmpty() || spy.wait(20000);
}

bool validated(CloudInitPage& page)
{
    return validatedAfter(page, [&page] { page.validateNow(); });
}

QString readFile(const QString& path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? QString::fromUtf8(file.readAll()) : QString();
}

void writeFile(const QString& path, const QByteArray& data)
{
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(data) != data.size())
        qFatal("cannot write %s", qPrintable(path));
}

// Stands in for the Save/Discard/Cancel box: records each question and gives the next answer.
struct Answers
{
    QStringList questions;
    QList<CloudInitPage::UnsavedAnswer> next;

    void install(CloudInitPage& page)
    {
        page.setUnsavedPrompt([this](QWidget*, const QString& question,
                                     const std::function<void(CloudInitPage::UnsavedAnswer)>& answer) {
            questions.append(question);
            answer(next.isEmpty() ? CloudInitPage::UnsavedAnswer::Cancel : next.takeFirst());
        });
    }
};

QAction* action(CloudInitPage& page, const QString& name)
{
    auto* found = page.findChild<QAction*>(name);
    if (!found)
        qFatal("no action %s", qPrintable(name));
    return found;
}

void typeInto(CloudInitCodeEditor* editor, const QString& text)
{
    for (const QChar c : text) {
        if (c == u'\n')
            QTest::keyClick(editor, Qt::Key_Return);
        else
            QTest::keyClicks(editor, QString(c));
    }
}

} // namespace

class TestCloudInitEditor final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { TestEnv::init(); }

    void typingShowsADiagnosticInPlace()
    {
        QTemporaryDir dir;
        CloudInitPage page(nullptr, dir.path());
        page.resize(900, 700);
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        CloudInitCodeEditor* editor = page.findChild<CloudInitCodeEditor*>(u"cloudInitEditor"_s);
        QVERIFY(editor);
        page.replaceText(u"#cloud-config\n"_s);
        QTextCursor end(editor->document());
        end.movePosition(QTextCursor::End);
        editor->setTextCursor(end);
        editor->setFocus();
        typeInto(editor, u"write_files:\n  - path: /etc/motd\n    permissions: 0644"_s);
        QCOMPARE(editor->toPlainText(),
                 u"#cloud-config\nwrite_files:\n  - path: /etc/motd\n    permissions: 0644"_s);

        // The debounced validation runs by itself.
        QTRY_VERIFY(problemContaining(page, u"420 is not of type 'string'"_s));
        const auto& diagnostics = editor->diagnostics();
        const auto error = std::find_if(diagnostics.cbegin(), diagnostics.cend(), [](const auto& d) {
            return d.severity == CloudInit::Severity::Error;
        });
        QVERIFY(error != diagnostics.cend());
        QCOMPARE(error->range.start.line, 3);
        QCOMPARE(error->range.start.column, 17);
        QCOMPARE(error->range.end.column, 21);
        // Underlined exactly over "0644".
        bool underlined = false;
        for (const QTextEdit::ExtraSelection& s : constValue(editor->extraSelections())) {
            if (s.format.underlineStyle() == QTextCharFormat::WaveUnderline)
                underlined = underlined || s.cursor.selectedText() == u"0644";
        }
        QVERIFY(underlined);
        QVERIFY(editor->helpAt(editor->positionOf({3, 18})).contains(u"420 is not of type"_s));
        QVERIFY(page.findChild<QLabel*>(u"cloudInitSummary"_s)->text().contains(u"1 error"_s));
    }

    void quickFixRepairsAndClickJumps()
    {
        QTemporaryDir dir;
        CloudInitPage page(nullptr, dir.path());
        page.show();
        CloudInitCodeEditor* editor = page.editor();
        page.replaceText(u"#cloud-config\npackage_update: true\napt_upgrade: true\nwrite_files:\n"
                         u"  - path: /a\n    permissions: 0600\n"_s);
        QVERIFY(validated(page));
        QTreeWidgetItem* octal = problemContaining(page, u"384 is not of type 'string'"_s);
        QVERIFY(octal);
        // Clicking a problem puts the cursor on it.
        QTreeWidget* list = problems(page);
        QTest::mouseClick(list->viewport(), Qt::LeftButton, {}, list->visualItemRect(octal).center());
        QCOMPARE(editor->textCursor().blockNumber(), 5);
        QCOMPARE(editor->textCursor().positionInBlock(), 17);

        auto* fix = page.findChild<QAction*>(u"cloudInitQuickFixAction"_s);
        QVERIFY(fix);
        list->setCurrentItem(octal);
        QVERIFY(fix->isEnabled());
        QVERIFY(validatedAfter(page, [fix] { fix->trigger(); }));
        QVERIFY(editor->toPlainText().contains(u"permissions: '0600'"_s));
        QVERIFY(!problemContaining(page, u"is not of type"_s));

        QTreeWidgetItem* deprecated = problemContaining(page, u"Deprecated in version 22.2"_s);
        QVERIFY(deprecated);
        list->setCurrentItem(deprecated);
        QVERIFY(validatedAfter(page, [fix] { fix->trigger(); }));
        QVERIFY(editor->toPlainText().contains(u"\npackage_upgrade: true\n"_s));
        QCOMPARE(list->topLevelItemCount(), 0);
        QCOMPARE(page.findChild<QLabel*>(u"cloudInitSummary"_s)->text(), u"✓ Valid"_s);

        // Each fix is one undo step.
        editor->undo();
        QVERIFY(validated(page));
        QVERIFY(problemContaining(page, u"Deprecated in version 22.2"_s));
    }

    // A key one typo away from a known one: "did you mean", and the quick fix renames it, from the
    // problem list or from the keyboard with the cursor on the key.
    void nearMissKeyQuickFix()
    {
        QTemporaryDir dir;
        CloudInitPage page(nullptr, dir.path());
        page.show();
        QVERIFY(QTest::qWaitForWindowActive(&page));
        CloudInitCodeEditor* editor = page.editor();
        page.replaceText(u"#cloud-config\npackage: [curl]\nuser:\n  - default\n"_s);
        QVERIFY(validated(page));
        QTreeWidgetItem* package = problemContaining(page, u"Did you mean 'packages'?"_s);
        QVERIFY(package);
        QVERIFY(package->text(2).contains(u"[quick fix: Rename to packages]"_s));
        // With nothing to fix at the cursor, Quick Fix leads to the first problem that has a fix
        // (the action stays enabled so that Tab reaches its button); again, it applies it.
        editor->moveTo({0, 0});
        problems(page)->setCurrentItem(nullptr);
        auto* fix = action(page, u"cloudInitQuickFixAction"_s);
        QVERIFY(fix->isEnabled());
        fix->trigger();
        QCOMPARE(problems(page)->currentItem(), package);
        QCOMPARE(QApplication::focusWidget(), problems(page));
        QVERIFY(validatedAfter(
            page, [] { QTest::keyClick(QApplication::focusWidget(), Qt::Key_Period, Qt::ControlModifier); }));
        QVERIFY(editor->toPlainText().startsWith(u"#cloud-config\npackages: [curl]\n"_s));

        // The cursor on "user", Ctrl+. applies its fix.
        problems(page)->setCurrentItem(nullptr);
        editor->moveTo({2, 1});
        editor->setFocus();
        QVERIFY(fix->isEnabled());
        QVERIFY(
            validatedAfter(page, [editor] { QTest::keyClick(editor, Qt::Key_Period, Qt::ControlModifier); }));
        QCOMPARE(editor->toPlainText(), u"#cloud-config\npackages: [curl]\nusers:\n  - default\n"_s);
        QCOMPARE(page.findChild<QLabel*>(u"cloudInitSummary"_s)->text(), u"✓ Valid"_s);
    }

    void recoversUnsavedWorkAfterACrash()
    {
        QTemporaryDir dir;
        const QString text = u"#cloud-config\npackages: [htop]\n"_s;
        {
            CloudInitPage page(nullptr, dir.path());
            QVERIFY(!page.recovered());
            page.replaceText(text);
            // The autosave timer fires by itself after the edit.
            QTRY_VERIFY_WITH_TIMEOUT(QFile::exists(page.recoveryFile()), 5000);
            struct stat info{};
            QCOMPARE(::stat(QFile::encodeName(page.recoveryFile()).constData(), &info), 0);
            QCOMPARE(info.st_mode & 077, 0u);
            // Destroyed without saving, as in a crash.
        }
        CloudInitPage again(nullptr, dir.path());
        QVERIFY(again.recovered());
        QCOMPARE(again.userData(), text);
        QVERIFY(again.editor()->document()->isModified());
        auto* banner = again.findChild<QFrame*>(u"cloudInitRecoveryBanner"_s);
        QVERIFY(banner && !banner->isHidden());

        // Saving ends the recovery.
        const QString saved = dir.filePath(u"user-data.yaml"_s);
        QVERIFY(again.saveTo(saved));
        QVERIFY(!QFile::exists(again.recoveryFile()));
        QVERIFY(banner->isHidden());
        QFile file(saved);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QCOMPARE(QString::fromUtf8(file.readAll()), text);

        CloudInitPage fresh(nullptr, dir.path());
        QVERIFY(!fresh.recovered());
        QVERIFY(fresh.openFile(saved));
        QCOMPARE(fresh.userData(), text);
        QCOMPARE(fresh.fileName(), QFileInfo(saved).absoluteFilePath());
    }

    void completesKeysAndExplainsThem()
    {
        QTemporaryDir dir;
        CloudInitPage page(nullptr, dir.path());
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        CloudInitCodeEditor* editor = page.editor();
        page.replaceText(u"#cloud-config\nusers:\n  - name: bob\n    "_s);
        QTextCursor end(editor->document());
        end.movePosition(QTextCursor::End);
        editor->setTextCursor(end);
        editor->setFocus();
        QTest::keyClicks(editor, u"ssh_auth"_s);
        QCompleter* completer = editor->completer();
        QTRY_VERIFY(completer->popup()->isVisible());
        QCOMPARE(completer->currentCompletion(), u"ssh_authorized_keys"_s);
        QTest::keyClick(completer->popup(), Qt::Key_Return);
        QCOMPARE(editor->toPlainText(), u"#cloud-config\nusers:\n  - name: bob\n    ssh_authorized_keys: "_s);

        page.replaceText(u"#cloud-config\nssh_pwauth: false\n"_s);
        const QString help = editor->helpAt(editor->positionOf({1, 3}));
        QVERIFY2(help.contains(u"<b>ssh_pwauth</b>"_s), qPrintable(help));
        QVERIFY(help.contains(u"password"_s, Qt::CaseInsensitive));
        QVERIFY(editor->helpAt(editor->positionOf({1, 14})).isEmpty());
    }

    void foldsFromTheYamlStructure()
    {
        QTemporaryDir dir;
        CloudInitPage page(nullptr, dir.path());
        CloudInitCodeEditor* editor = page.editor();
        page.replaceText(
            u"#cloud-config\nusers:\n  - default\n  - name: bob\n    shell: /bin/bash\nssh_pwauth: false\n"_s);
        QVERIFY(validated(page));
        const auto ranges = editor->foldRanges();
        QVERIFY(ranges.contains(qMakePair(1, 4)));
        QVERIFY(ranges.contains(qMakePair(3, 4)));
        editor->toggleFold(1);
        QVERIFY(editor->isFolded(1));
        QVERIFY(!editor->document()->findBlockByNumber(2).isVisible());
        QVERIFY(!editor->document()->findBlockByNumber(4).isVisible());
        QVERIFY(editor->document()->findBlockByNumber(5).isVisible());
        editor->toggleFold(1);
        QVERIFY(editor->document()->findBlockByNumber(3).isVisible());
    }

    void highlightsYamlAndScripts()
    {
        QTemporaryDir dir;
        CloudInitPage page(nullptr, dir.path());
        QCOMPARE(page.editor()->syntaxName(), u"YAML"_s);
        page.replaceText(u"#!/bin/bash\necho hello\n"_s);
        QCOMPARE(page.editor()->syntaxName(), u"Bash"_s);
        QVERIFY(validated(page));
        QVERIFY(page.findChild<QLabel*>(u"cloudInitTypeLabel"_s)->text().contains(u"text/x-shellscript"_s));
    }

    void sizeMeterFollowsThePayload()
    {
        QTemporaryDir dir;
        CloudInitPage page(nullptr, dir.path());
        QString text = u"#cloud-config\nwrite_files:\n  - path: /a\n    content: |\n"_s;
        while (text.size() < 40 * 1024)
            text += u"      0123456789012345678901234567890123456789\n"_s;
        page.replaceText(text);
        QVERIFY(validated(page));
        auto* meter = page.findChild<QProgressBar*>(u"cloudInitSizeMeter"_s);
        // What is sent is measured against the limit: the base64 text.
        const qint64 base64 = (text.toUtf8().size() + 2) / 3 * 4;
        QCOMPARE(meter->value(), int(base64));
        QCOMPARE(meter->text(), u"%1 KiB of 64 KiB in base64 (%2 KiB of text)"_s.arg(
                                    QLocale().toString(double(base64) / 1024.0, 'f', 1),
                                    QLocale().toString(double(text.toUtf8().size()) / 1024.0, 'f', 1)));
        // A screen reader hears the same as its value, not only the number.
        QAccessibleInterface* iface = QAccessible::queryAccessibleInterface(meter);
        QVERIFY(iface);
        QCOMPARE(iface->text(QAccessible::Value), meter->text());
        // The checker reads the limit the same way: 40 KiB of text is 53 KiB sent, within it; 50 KiB
        // is 67 KiB sent, over it.
        QVERIFY(std::none_of(page.editor()->diagnostics().cbegin(), page.editor()->diagnostics().cend(),
                             [](const CloudInit::Diagnostic& d) { return d.code == u"size"; }));
        while (text.size() < 50 * 1024)
            text += u"      0123456789012345678901234567890123456789\n"_s;
        page.replaceText(text);
        QVERIFY(validated(page));
        QCOMPARE(meter->value(), int(CloudInit::PayloadSize::limit));
        QVERIFY(std::any_of(page.editor()->diagnostics().cbegin(), page.editor()->diagnostics().cend(),
                            [](const CloudInit::Diagnostic& d) {
                                return d.code == u"size" && d.severity == CloudInit::Severity::Error
                                       && d.message.contains(u"over the 64 KiB limit"_s);
                            }));
    }

    // Validation runs beside the UI thread, and a result for text that changed meanwhile is dropped.
    void validationLeavesTheUiResponsiveAndDropsStaleResults()
    {
        QTemporaryDir dir;
        CloudInitPage page(nullptr, dir.path());
        page.resize(900, 700);
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        QVERIFY(validated(page));

        // About 1 MiB, with a mistake at its start, so that the run has work to do.
        QString big = u"#cloud-config\nwrite_files:\n  - path: /a\n    permissions: 0644\n    content: |\n"_s;
        const QString line =
            u"      0123456789012345678901234567890123456789012345678901234567890123456789\n"_s;
        big += line.repeated(1024 * 1024 / line.size());
        // Every result shown from here on must be the newest text's.
        int shown = 0;
        bool staleShown = false;
        connect(&page, &CloudInitPage::validated, &page, [&] {
            ++shown;
            staleShown = staleShown || problemContaining(page, u"420 is not of type"_s);
        });
        page.replaceText(big);
        QElapsedTimer timer;
        timer.start();
        page.validateNow();
        // Starting a run only copies the text.
        QVERIFY2(timer.elapsed() < 1000, qPrintable(QString::number(timer.elapsed())));
        page.replaceText(u"#cloud-config\npackages: curl\n"_s);
        page.validateNow();
        QVERIFY(page.isValidating());
        QTRY_VERIFY_WITH_TIMEOUT(!page.isValidating(), 30000);
        QVERIFY(shown >= 1);
        QVERIFY(!staleShown);
        QVERIFY(problemContaining(page, u"'curl' is not of type 'array'"_s));
        QVERIFY(!problemContaining(page, u"420 is not of type"_s));
        QVERIFY(page.editor()->diagnostics().size() == problems(page)->topLevelItemCount());
    }

    // The measure: typing into a 1 MiB document, the UI thread never stalls on validation.
    void typingIntoALargeDocumentDoesNotStall()
    {
        QTemporaryDir dir;
        CloudInitPage page(nullptr, dir.path());
        page.resize(900, 700);
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        QString big = u"#cloud-config\nwrite_files:\n  - path: /a\n    content: |\n"_s;
        const QString line =
            u"      0123456789012345678901234567890123456789012345678901234567890123456789\n"_s;
        big += line.repeated(1024 * 1024 / line.size());
        page.replaceText(big);
        QVERIFY(validated(page));
        CloudInitCodeEditor* editor = page.editor();
        QTextCursor cursor(editor->document());
        cursor.movePosition(QTextCursor::End);
        editor->setTextCursor(cursor);
        editor->setFocus();
        EventLoopWatchdog watchdog;
        watchdog.start();
        for (int i = 0; i < 6; ++i) {
            // Each pause after typing validates the whole document (the debounce fires) and shows
            // the result.
            QVERIFY(validatedAfter(page, [editor] { typeInto(editor, u"      more\n"_s); }));
        }
        QTRY_VERIFY_WITH_TIMEOUT(!page.isValidating(), 30000);
        QString stall;
        QVERIFY2(watchdog.checkFunction(&stall), qPrintable(stall));
    }

    void replacingUnsavedTextAsksFirst()
    {
        QTemporaryDir dir;
        CloudInitPage page(nullptr, dir.path());
        Answers answers;
        answers.install(page);
        const QString mine = u"#cloud-config\npackages: [htop]\n"_s;
        page.replaceText(mine);
        QVERIFY(page.editor()->document()->isModified());

        // Cancel keeps the text.
        page.findChild<QAction*>(u"template_ssh-bootstrap"_s)->trigger();
        QCOMPARE(answers.questions.size(), 1);
        QVERIFY2(answers.questions.constFirst().contains(u"Untitled"_s),
                 qPrintable(answers.questions.first()));
        QCOMPARE(page.userData(), mine);
        action(page, u"cloudInitNewAction"_s)->trigger();
        QCOMPARE(answers.questions.size(), 2);
        QCOMPARE(page.userData(), mine);
        // While the question is open the text is on disk.
        QCOMPARE(readFile(page.recoveryFile()), mine);

        // Discard replaces it and forgets the recovery copy.
        answers.next = {CloudInitPage::UnsavedAnswer::Discard};
        page.findChild<QAction*>(u"template_ssh-bootstrap"_s)->trigger();
        QCOMPARE(page.userData(), CloudInit::templateText(u"ssh-bootstrap"_s));
        QVERIFY(!page.editor()->document()->isModified());
        QVERIFY(!QFile::exists(page.recoveryFile()));

        // Unmodified text is replaced without a question.
        action(page, u"cloudInitNewAction"_s)->trigger();
        QCOMPARE(answers.questions.size(), 3);
        QCOMPARE(page.userData(), u"#cloud-config\n"_s);
    }

    void openAsksAndSaveWritesFirst()
    {
        QTemporaryDir dir;
        CloudInitPage page(nullptr, dir.path());
        page.show();
        Answers answers;
        answers.install(page);
        const QString first = dir.filePath(u"first.yaml"_s);
        const QString second = dir.filePath(u"second.yaml"_s);
        writeFile(second, "#cloud-config\npackage_update: true\n");
        QVERIFY(page.saveTo(first));
        page.replaceText(u"#cloud-config\nhostname: edited\n"_s);

        // Cancel: no file dialog, nothing changes.
        action(page, u"cloudInitOpenAction"_s)->trigger();
        QCOMPARE(answers.questions.size(), 1);
        QVERIFY(answers.questions.constFirst().contains(u"first.yaml"_s));
        QVERIFY(!page.findChild<QFileDialog*>(u"cloudInitOpenDialog"_s));
        QCOMPARE(page.userData(), u"#cloud-config\nhostname: edited\n"_s);

        // Save writes the edits to the open file, then the file dialog opens (and returns at once).
        answers.next = {CloudInitPage::UnsavedAnswer::Save};
        action(page, u"cloudInitOpenAction"_s)->trigger();
        QCOMPARE(readFile(first), u"#cloud-config\nhostname: edited\n"_s);
        auto* dialog = page.findChild<QFileDialog*>(u"cloudInitOpenDialog"_s);
        QVERIFY(dialog);
        QTRY_VERIFY(dialog->isVisible());
        dialog->selectFile(second);
        // QFileDialog::accept() is protected; QDialog's is the same virtual.
        static_cast<QDialog*>(dialog)->accept();
        QCOMPARE(page.userData(), u"#cloud-config\npackage_update: true\n"_s);
        QCOMPARE(page.fileName(), QFileInfo(second).absoluteFilePath());
        QVERIFY(!page.editor()->document()->isModified());
    }

    void sshBootstrapAsksBeforeReplacing()
    {
        QTemporaryDir dir;
        QTemporaryDir ssh;
        QVERIFY(QFile::copy(TestEnv::dataFile(u"cloudinit/test-key.pub"_s), ssh.filePath(u"id_test.pub"_s)));
        CloudInitPage page(nullptr, dir.path(), ssh.path());
        page.show();
        Answers answers;
        answers.install(page);
        const QString mine = u"#cloud-config\nhostname: mine\n"_s;
        page.replaceText(mine);

        const auto runDialog = [&] {
            action(page, u"cloudInitSshBootstrapAction"_s)->trigger();
            auto* dialog = page.findChild<SshBootstrapDialog*>();
            QVERIFY(dialog);
            QTRY_VERIFY(dialog->isVisible());
            dialog->findChild<QLineEdit*>(u"userNameEdit"_s)->setText(u"trainer"_s);
            QVERIFY2(!dialog->config().isEmpty(), qPrintable(dialog->statusText()));
            dialog->accept();
        };
        runDialog();
        QCOMPARE(answers.questions.size(), 1);
        QCOMPARE(page.userData(), mine);
        QTRY_VERIFY(!page.findChild<SshBootstrapDialog*>());

        answers.next = {CloudInitPage::UnsavedAnswer::Discard};
        runDialog();
        QCOMPARE(answers.questions.size(), 2);
        QVERIFY(page.userData().contains(u"name: trainer"_s));
    }

    // The real question is a message box opened with open(): the action returns at once.
    void theQuestionIsAWindowModalBox()
    {
        QTemporaryDir dir;
        CloudInitPage page(nullptr, dir.path());
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        page.replaceText(u"#cloud-config\nhostname: mine\n"_s);
        action(page, u"cloudInitNewAction"_s)->trigger();
        auto* box = page.findChild<QMessageBox*>(u"cloudInitUnsavedBox"_s);
        QVERIFY(box);
        QTRY_VERIFY(box->isVisible());
        QCOMPARE(page.userData(), u"#cloud-config\nhostname: mine\n"_s);
        box->button(QMessageBox::Discard)->click();
        QCOMPARE(page.userData(), u"#cloud-config\n"_s);
        QTRY_VERIFY(!page.findChild<QMessageBox*>(u"cloudInitUnsavedBox"_s));
    }

    void closingAsksAndFlushesTheAutosave()
    {
        QTemporaryDir dir;
        CloudInitPage page(nullptr, dir.path());
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        Answers answers;
        answers.install(page);
        page.replaceText(u"#cloud-config\nhostname: mine\n"_s);
        QVERIFY(!page.close());
        QVERIFY(page.isVisible());
        QCOMPARE(answers.questions.size(), 1);
        QCOMPARE(readFile(page.recoveryFile()), u"#cloud-config\nhostname: mine\n"_s);

        answers.next = {CloudInitPage::UnsavedAnswer::Discard};
        page.close();
        QVERIFY(!page.isVisible());
        QVERIFY(!QFile::exists(page.recoveryFile()));
    }

    void theMainWindowAsksBeforeQuitting()
    {
        QTemporaryDir dir;
        Settings settings(dir.filePath(u"s.ini"_s));
        MainWindow window(&settings);
        auto* page = new CloudInitPage(nullptr, dir.filePath(u"recovery"_s));
        window.addSection(u"cloudinit"_s, {}, u"Cloud-init"_s, page);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        // The page's menu is in the menu bar while the page is current, and only then (a menu left
        // in the bar, even hidden, would keep its Alt+C from every other page).
        QMenu* menu = page->menu();
        window.setCurrentSection(u"cloudinit"_s);
        QVERIFY(window.menuBar()->actions().contains(menu->menuAction()));
        QVERIFY(menu->menuAction()->isVisible());
        window.setCurrentSection(u"start"_s);
        QVERIFY(!window.menuBar()->actions().contains(menu->menuAction()));
        window.setCurrentSection(u"cloudinit"_s);
        QVERIFY(window.menuBar()->actions().contains(menu->menuAction()));

        Answers answers;
        answers.install(*page);
        page->replaceText(u"#cloud-config\nhostname: mine\n"_s);
        window.setCurrentSection(u"start"_s);
        QVERIFY(!window.close());
        QVERIFY(window.isVisible());
        QCOMPARE(answers.questions.size(), 1);
        // The window shows what it asks about.
        QCOMPARE(window.currentSection(), u"cloudinit"_s);
        answers.next = {CloudInitPage::UnsavedAnswer::Discard};
        window.close();
        QVERIFY(!window.isVisible());
    }

    void autosaveIsFlushedWhenThePageGoes()
    {
        QTemporaryDir dir;
        QString file;
        {
            CloudInitPage page(nullptr, dir.path());
            page.replaceText(u"#cloud-config\nhostname: last-second\n"_s);
            file = page.recoveryFile();
            // Destroyed before the autosave timer fired.
            QVERIFY(!QFile::exists(file));
        }
        QCOMPARE(readFile(file), u"#cloud-config\nhostname: last-second\n"_s);
        CloudInitPage again(nullptr, dir.path());
        QVERIFY(again.recovered());
        QCOMPARE(again.userData(), u"#cloud-config\nhostname: last-second\n"_s);
    }

    void eachWindowHasItsOwnRecoveryFile()
    {
        QTemporaryDir dir;
        const QString saved = dir.filePath(u"saved.yaml"_s);
        writeFile(saved, "#cloud-config\nhostname: saved\n");
        {
            CloudInitPage first(nullptr, dir.filePath(u"recovery"_s));
            CloudInitPage second(nullptr, dir.filePath(u"recovery"_s));
            QVERIFY(first.recoveryFile() != second.recoveryFile());
            first.replaceText(u"#cloud-config\nhostname: first\n"_s);
            second.replaceText(u"#cloud-config\nhostname: second\n"_s);
            first.autosaveNow();
            second.autosaveNow();
            QCOMPARE(readFile(first.recoveryFile()), u"#cloud-config\nhostname: first\n"_s);
            QCOMPARE(readFile(second.recoveryFile()), u"#cloud-config\nhostname: second\n"_s);
            // Opening a file in one window leaves the other's recovery alone.
            CloudInitPage third(nullptr, dir.filePath(u"recovery"_s));
            QVERIFY(third.openFile(saved));
            QCOMPARE(readFile(first.recoveryFile()), u"#cloud-config\nhostname: first\n"_s);
            QCOMPARE(readFile(second.recoveryFile()), u"#cloud-config\nhostname: second\n"_s);
        }
        // Both windows went without saving: the next two take one each.
        CloudInitPage one(nullptr, dir.filePath(u"recovery"_s));
        CloudInitPage two(nullptr, dir.filePath(u"recovery"_s));
        CloudInitPage three(nullptr, dir.filePath(u"recovery"_s));
        QVERIFY(one.recovered() && two.recovered());
        QVERIFY(!three.recovered());
        const QSet<QString> texts{one.userData(), two.userData()};
        QCOMPARE(texts, (QSet<QString>{u"#cloud-config\nhostname: first\n"_s,
                                       u"#cloud-config\nhostname: second\n"_s}));
    }

    // Every action: in the page's menu, with a shortcut, and reachable with Tab in the toolbar.
    // Issue 15 item 4: the multipart builder, from the Cloud-init menu, builds a payload from parts each
    // checked on its own, previews the merged cloud-config and the MIME text, saves it, opens it back
    // into its parts and puts it into the editor.
    void multipartBuilderBuildsAndOpens()
    {
        QTemporaryDir dir;
        CloudInitPage page(nullptr, dir.path());
        page.show();
        QVERIFY(QTest::qWaitForWindowActive(&page));
        Answers answers;
        answers.install(page);
        page.replaceText(u"#cloud-config\nhostname: one\npackages: [curl]\n"_s);
        QVERIFY(validated(page));
        QAction* builder = action(page, u"cloudInitMultipartAction"_s);
        QVERIFY(page.menu()->actions().contains(builder));
        QCOMPARE(builder->shortcut(), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_M));
        page.editor()->setFocus();
        QTest::keyClick(page.editor(), Qt::Key_M, Qt::ControlModifier | Qt::ShiftModifier);
        auto* dialog = page.findChild<MultipartDialog*>(u"multipartDialog"_s);
        QVERIFY(dialog);
        QTRY_VERIFY(dialog->isVisible());
        const auto checked = [dialog] {
            QSignalSpy spy(dialog, &MultipartDialog::checked);
            return !dialog->isChecking() || spy.wait(20000);
        };
        QVERIFY(checked());
        // The editor's text is the first part.
        QCOMPARE(dialog->parts().size(), 1);
        QCOMPARE(dialog->parts().constFirst().contentType, u"text/cloud-config"_s);

        auto* editor = dialog->findChild<CloudInitCodeEditor*>(u"multipartPartEditor"_s);
        auto* status = dialog->findChild<QLabel*>(u"multipartPartStatus"_s);
        auto* list = dialog->findChild<QListWidget*>(u"multipartPartList"_s);
        QVERIFY(editor && status && list);
        // A shell script without its interpreter line: the part says so and is marked in the list.
        dialog->findChild<QAction*>(u"multipartAdd_x-shellscript"_s)->trigger();
        QCOMPARE(dialog->currentPart(), 1);
        editor->setPlainText(u"echo hello\n"_s);
        QVERIFY(checked());
        QVERIFY2(status->text().contains(u"interpreter line"_s), qPrintable(status->text()));
        QVERIFY2(list->item(1)->text().startsWith(u"✗"_s), qPrintable(list->item(1)->text()));
        editor->setPlainText(u"#!/bin/sh\necho hello\n"_s);
        dialog->findChild<QLineEdit*>(u"multipartFileNameEdit"_s)->setText(u"hello.sh"_s);
        QTest::keyClicks(dialog->findChild<QLineEdit*>(u"multipartFileNameEdit"_s), u"x"_s);
        QTest::keyClick(dialog->findChild<QLineEdit*>(u"multipartFileNameEdit"_s), Qt::Key_Backspace);
        QVERIFY(checked());
        QVERIFY2(status->text().startsWith(u"✓"_s), qPrintable(status->text()));
        // A second cloud-config part overrides a key, and a broken key in it is reported in the part.
        dialog->findChild<QAction*>(u"multipartAdd_cloud-config"_s)->trigger();
        editor->setPlainText(u"#cloud-config\nhostname: two\npackage_update: maybe\n"_s);
        QVERIFY(checked());
        QVERIFY2(status->text().startsWith(u"✗"_s), qPrintable(status->text()));
        editor->setPlainText(u"#cloud-config\nhostname: two\npackage_update: true\n"_s);
        QVERIFY(checked());
        QCOMPARE(list->count(), 3);
        for (int i = 0; i < list->count(); ++i)
            QVERIFY2(list->item(i)->text().startsWith(u"✓"_s), qPrintable(list->item(i)->text()));

        auto* merged = dialog->findChild<QPlainTextEdit*>(u"multipartMergedPreview"_s);
        QCOMPARE(merged->toPlainText(),
                 u"#cloud-config\nhostname: two\npackages: [curl]\npackage_update: true\n"_s);
        QVERIFY2(dialog->findChild<QLabel*>(u"multipartMergedPreviewStatus"_s)->text().startsWith(u"✓"_s),
                 qPrintable(dialog->findChild<QLabel*>(u"multipartMergedPreviewStatus"_s)->text()));
        auto* mime = dialog->findChild<QPlainTextEdit*>(u"multipartMimePreview"_s);
        const CloudInit::MultipartParse shown = CloudInit::parseMultipart(mime->toPlainText().toUtf8());
        QVERIFY2(shown.ok(), qPrintable(shown.error));
        QCOMPARE(shown.parts.size(), 3);
        QCOMPARE(shown.parts[1].body, QByteArray("#!/bin/sh\necho hello\n"));
        QCOMPARE(shown.parts[1].fileName, u"hello.sh"_s);
        dialog->findChild<QTabWidget*>(u"multipartTabs"_s)->setCurrentIndex(0);
        saveWidgetScreenshot(dialog, u"cloudinit-multipart-part"_s);
        dialog->findChild<QTabWidget*>(u"multipartTabs"_s)->setCurrentIndex(1);
        saveWidgetScreenshot(dialog, u"cloudinit-multipart-merged"_s);
        dialog->findChild<QTabWidget*>(u"multipartTabs"_s)->setCurrentIndex(2);
        saveWidgetScreenshot(dialog, u"cloudinit-multipart-mime"_s);

        // Every control has a name for assistive technology, and Tab reaches the buttons.
        for (QWidget* widget : constValue(dialog->findChildren<QWidget*>())) {
            if (widget->objectName().startsWith(u"multipart"_s))
                QVERIFY2(!widget->accessibleName().isEmpty(), qPrintable(widget->objectName()));
        }
        for (const QString& name :
             {u"multipartAddButton"_s, u"multipartRemoveButton"_s, u"multipartUpButton"_s,
              u"multipartOpenButton"_s, u"multipartSaveButton"_s, u"multipartUseButton"_s,
              u"multipartTypeCombo"_s, u"multipartFileNameEdit"_s, u"multipartPartEditor"_s}) {
            QWidget* widget = dialog->findChild<QWidget*>(name);
            QVERIFY2(widget && (widget->focusPolicy() & Qt::TabFocus), qPrintable(name));
        }

        // Saved, and opened back into its parts.
        const QString path = dir.filePath(u"user-data.mime"_s);
        QString error;
        QVERIFY2(dialog->saveTo(path, &error), qPrintable(error));
        MultipartDialog reopened;
        QVERIFY2(reopened.openFile(path, &error), qPrintable(error));
        QCOMPARE(reopened.parts().size(), 3);
        for (int i = 0; i < 3; ++i) {
            QCOMPARE(reopened.parts().at(i).contentType, dialog->parts().at(i).contentType);
            QCOMPARE(reopened.parts().at(i).body, dialog->parts().at(i).body);
        }
        QCOMPARE(reopened.findChild<QListWidget*>(u"multipartPartList"_s)->count(), 3);
        // A file that is not multipart: a clear error, and the parts stay.
        const QString broken = dir.filePath(u"broken.mime"_s);
        writeFile(broken, "Content-Type: multipart/mixed; boundary=abc\n\n--xyz\n\nx\n");
        QVERIFY(!reopened.openFile(broken, &error));
        QVERIFY2(error.contains(u"never occurs"_s), qPrintable(error));
        QCOMPARE(reopened.parts().size(), 3);

        // Use in Editor: the payload replaces the editor's text once the user answers about it.
        answers.next = {CloudInitPage::UnsavedAnswer::Discard};
        QVERIFY(validatedAfter(
            page, [dialog] { dialog->findChild<QPushButton*>(u"multipartUseButton"_s)->click(); }));
        QCOMPARE(answers.questions.size(), 1);
        QCOMPARE(page.userData().toUtf8(), dialog->payload());
        QVERIFY(page.findChild<QLabel*>(u"cloudInitTypeLabel"_s)->text().contains(u"multipart"_s));

        // With multipart text in the editor, the builder opens on its parts.
        dialog->close();
        builder->trigger();
        auto* second = page.findChildren<MultipartDialog*>(u"multipartDialog"_s).constLast();
        QCOMPARE(second->parts().size(), 3);
        QCOMPARE(second->parts().at(1).body, QByteArray("#!/bin/sh\necho hello\n"));
    }

    // Closing the Multipart Builder with edited parts that are neither in the editor nor saved asks,
    // without blocking: use them in the editor (the default), discard them, or go back to them.
    void theBuilderAsksBeforeDroppingEditedParts()
    {
        QTemporaryDir dir;
        CloudInitPage page(nullptr, dir.path());
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        page.replaceText(u"#cloud-config\nhostname: one\n"_s);
        QVERIFY(validated(page));
        const QString original = page.userData();
        const auto openBuilder = [&page] {
            page.openMultipartBuilder();
            MultipartDialog* dialog = nullptr;
            for (MultipartDialog* candidate : page.findChildren<MultipartDialog*>(u"multipartDialog"_s))
                if (candidate->isVisible())
                    dialog = candidate;
            return dialog;
        };
        const auto question = [](QDialog* dialog) {
            return dialog ? openConfirmation(dialog, 1000, u"multipartUnsavedBox"_s) : nullptr;
        };

        // Nothing edited: Close closes.
        QPointer<MultipartDialog> dialog = openBuilder();
        QVERIFY(dialog);
        dialog->findChild<QPushButton*>(u"multipartCloseButton"_s)->click();
        QTRY_VERIFY(!dialog);

        // Edited: Escape asks; Cancel goes back to the parts.
        dialog = openBuilder();
        dialog->addPart(u"text/x-shellscript"_s);
        dialog->findChild<CloudInitCodeEditor*>(u"multipartPartEditor"_s)
            ->setPlainText(u"#!/bin/sh\necho hi\n"_s);
        const QList<CloudInit::MimePart> edited = dialog->parts();
        QTest::keyClick(dialog, Qt::Key_Escape);
        QMessageBox* box = question(dialog);
        QVERIFY(box);
        QVERIFY(dialog->isVisible());
        QCOMPARE(box->textFormat(), Qt::PlainText);
        QCOMPARE(box->defaultButton()->text(), u"Use in &Editor"_s);
        saveWidgetScreenshot(box, u"cloudinit-multipart-unsaved"_s);
        box->button(QMessageBox::Cancel)->click();
        QTRY_VERIFY(!dialog->findChild<QMessageBox*>(u"multipartUnsavedBox"_s));
        QVERIFY(dialog->isVisible());
        QCOMPARE(dialog->parts(), edited);

        // Discard: closed, and the editor keeps its text.
        dialog->findChild<QPushButton*>(u"multipartCloseButton"_s)->click();
        box = question(dialog);
        QVERIFY(box);
        box->button(QMessageBox::Discard)->click();
        QTRY_VERIFY(!dialog);
        QCOMPARE(page.userData(), original);

        // Use in Editor (the default, Enter): the payload is in the editor, then the builder closes.
        dialog = openBuilder();
        dialog->addPart(u"text/x-shellscript"_s);
        const QByteArray payload = dialog->payload();
        dialog->close();
        box = question(dialog);
        QVERIFY(box);
        QTest::keyClick(box, Qt::Key_Return);
        // The editor's own text is unsaved: it asks about it first, and the builder waits for that.
        QMessageBox* editorBox = nullptr;
        QTRY_VERIFY((editorBox = page.findChild<QMessageBox*>(u"cloudInitUnsavedBox"_s))
                    && editorBox->isVisible());
        QVERIFY(dialog && dialog->isVisible());
        editorBox->button(QMessageBox::Discard)->click();
        QTRY_VERIFY(!dialog);
        QCOMPARE(page.userData().toUtf8(), payload);

        // Saved to a file: nothing to lose, nothing asked.
        dialog = openBuilder();
        dialog->addPart(u"text/cloud-boothook"_s);
        QString error;
        QVERIFY2(dialog->saveTo(dir.filePath(u"parts.mime"_s), &error), qPrintable(error));
        dialog->close();
        QTRY_VERIFY(!dialog);
    }

    // The Jinja Instance Data dialog asks too before Cancel, Escape or closing drop edited JSON; it
    // cannot use JSON that does not parse.
    void instanceDataAsksBeforeDroppingEdits()
    {
        QTemporaryDir dir;
        CloudInitPage page(nullptr, dir.path());
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        const auto openDialog = [&page] {
            page.editInstanceData();
            QDialog* dialog = nullptr;
            for (QDialog* candidate : page.findChildren<QDialog*>(u"cloudInitInstanceDataDialog"_s))
                if (candidate->isVisible())
                    dialog = candidate;
            return dialog;
        };
        const auto question = [](QDialog* dialog) {
            return dialog ? openConfirmation(dialog, 1000, u"cloudInitInstanceDataUnsavedBox"_s) : nullptr;
        };
        const auto useButton = [](QMessageBox* box) -> QAbstractButton* {
            for (QAbstractButton* button : box->buttons())
                if (box->buttonRole(button) == QMessageBox::AcceptRole)
                    return button;
            return nullptr;
        };

        // Unchanged: Cancel closes.
        QPointer<QDialog> dialog = openDialog();
        QVERIFY(dialog);
        dialog->findChild<QDialogButtonBox*>(u"cloudInitInstanceDataButtons"_s)
            ->button(QDialogButtonBox::Cancel)
            ->click();
        QTRY_VERIFY(!dialog);

        // Edited into JSON that does not parse: it can only be discarded or edited on.
        dialog = openDialog();
        auto* edit = dialog->findChild<QPlainTextEdit*>(u"cloudInitInstanceDataEdit"_s);
        edit->setPlainText(u"{\"v1\": "_s);
        QTest::keyClick(dialog, Qt::Key_Escape);
        QMessageBox* box = question(dialog);
        QVERIFY(box);
        QVERIFY(!useButton(box)->isEnabled());
        box->button(QMessageBox::Cancel)->click();
        QTRY_VERIFY(!dialog->findChild<QMessageBox*>(u"cloudInitInstanceDataUnsavedBox"_s));
        QVERIFY(dialog->isVisible());
        QCOMPARE(edit->toPlainText(), u"{\"v1\": "_s);

        // Valid: the changes are used.
        edit->setPlainText(u"{\"v1\": {\"distro\": \"debian\"}}"_s);
        dialog->close();
        box = question(dialog);
        QVERIFY(box);
        QVERIFY(useButton(box)->isEnabled());
        saveWidgetScreenshot(box, u"cloudinit-instance-data-unsaved"_s);
        useButton(box)->click();
        QTRY_VERIFY(!dialog);
        QCOMPARE(page.instanceData().value(u"v1"_s).toObject().value(u"distro"_s).toString(), u"debian"_s);

        // Discarded: the data in use stays.
        dialog = openDialog();
        dialog->findChild<QPlainTextEdit*>(u"cloudInitInstanceDataEdit"_s)->setPlainText(u"{}"_s);
        QTest::keyClick(dialog, Qt::Key_Escape);
        box = question(dialog);
        QVERIFY(box);
        box->button(QMessageBox::Discard)->click();
        QTRY_VERIFY(!dialog);
        QCOMPARE(page.instanceData().value(u"v1"_s).toObject().value(u"distro"_s).toString(), u"debian"_s);
    }

    // Issue 15 item 3: a Jinja template is rendered with instance data the user can edit, checked, and
    // its problems are shown at the template's lines.
    void jinjaTemplateIsRenderedAndChecked()
    {
        QTemporaryDir dir;
        CloudInitPage page(nullptr, dir.path());
        page.resize(1000, 700);
        page.show();
        QVERIFY(QTest::qWaitForWindowActive(&page));
        page.replaceText(
            u"## template: jinja\n#cloud-config\n{% if v1.distro == 'ubuntu' %}\npackage_update: maybe\n"
            u"{% endif %}\nhostname: {{ v1.local_hostname | lower }}\n"_s);
        QVERIFY(validated(page));
        // The filter is not supported: said at its line, and the result is not checked.
        QTreeWidgetItem* unsupported = problemContaining(page, u"'|lower' is not supported"_s);
        QVERIFY(unsupported);
        QCOMPARE(unsupported->text(0), u"6"_s);
        QVERIFY(!problemContaining(page, u"is not of type"_s));

        page.replaceText(
            u"## template: jinja\n#cloud-config\n{% if v1.distro == 'ubuntu' %}\npackage_update: maybe\n"
            u"{% endif %}\nhostname: {{ v1.local_hostname }}\n"_s);
        QVERIFY(validated(page));
        QTreeWidgetItem* error = problemContaining(page, u"'maybe' is not of type 'boolean'"_s);
        QVERIFY(error);
        QCOMPARE(error->text(0), u"4"_s); // the template's line
        saveWidgetScreenshot(&page, u"cloudinit-jinja"_s);

        // Other instance data: the branch is not taken, and the template is valid.
        QAction* data = action(page, u"cloudInitInstanceDataAction"_s);
        QVERIFY(page.menu()->actions().contains(data));
        data->trigger();
        auto* dialog = page.findChild<QDialog*>(u"cloudInitInstanceDataDialog"_s);
        QVERIFY(dialog);
        QTRY_VERIFY(dialog->isVisible());
        auto* edit = dialog->findChild<QPlainTextEdit*>(u"cloudInitInstanceDataEdit"_s);
        auto* ok = dialog->findChild<QPushButton*>(u"cloudInitInstanceDataOk"_s);
        QVERIFY(edit->toPlainText().contains(u"\"local_hostname\": \"worker-1\""_s));
        edit->setPlainText(u"{\"v1\": "_s);
        QVERIFY(!ok->isEnabled());
        QVERIFY(
            dialog->findChild<QLabel*>(u"cloudInitInstanceDataStatus"_s)->text().startsWith(u"Not JSON"_s));
        edit->setPlainText(u"{\"v1\": {\"distro\": \"debian\", \"local_hostname\": \"db-1\"}}"_s);
        QVERIFY(ok->isEnabled());
        saveWidgetScreenshot(dialog, u"cloudinit-jinja-instance-data"_s);
        QVERIFY(validatedAfter(page, [ok] { ok->click(); }));
        QCOMPARE(page.instanceData().value(u"v1"_s).toObject().value(u"distro"_s).toString(), u"debian"_s);
        QVERIFY(!problemContaining(page, u"is not of type"_s));
        QCOMPARE(page.findChild<QLabel*>(u"cloudInitSummary"_s)->text(), u"✓ Valid"_s);
    }

    void everyActionByKeyboard()
    {
        QTemporaryDir dir;
        CloudInitPage page(nullptr, dir.path());
        // As wide as the section is in the main window, so that the toolbar shows every button.
        page.resize(1000, 700);
        page.show();
        QVERIFY(QTest::qWaitForWindowActive(&page));
        const QStringList names{u"cloudInitNewAction"_s,          u"cloudInitOpenAction"_s,
                                u"cloudInitSaveAction"_s,         u"cloudInitSaveAsAction"_s,
                                u"cloudInitSshBootstrapAction"_s, u"cloudInitMultipartAction"_s,
                                u"cloudInitQuickFixAction"_s};
        auto* toolBar = page.findChild<QToolBar*>(u"cloudInitToolBar"_s);
        QSet<QWidget*> buttons;
        QSet<QKeySequence> keys;
        for (const QString& name : names) {
            QAction* a = action(page, name);
            QVERIFY2(page.menu()->actions().contains(a), qPrintable(name));
            QVERIFY2(!a->shortcut().isEmpty(), qPrintable(name));
            keys.insert(a->shortcut());
            QWidget* button = name == u"cloudInitNewAction"
                                  ? page.findChild<QWidget*>(u"cloudInitNewButton"_s)
                                  : toolBar->widgetForAction(a);
            QVERIFY2(button && (button->focusPolicy() & Qt::TabFocus), qPrintable(name));
            if (a->isEnabled())
                buttons.insert(button);
        }
        QCOMPARE(keys.size(), names.size());
        QVERIFY(page.menu()->actions().contains(
            page.findChild<QMenu*>(u"cloudInitTemplatesMenu"_s)->menuAction()));

        // Tab walks through the enabled buttons.
        page.findChild<QWidget*>(u"cloudInitNewButton"_s)->setFocus();
        QSet<QWidget*> reached{QApplication::focusWidget()};
        for (int i = 0; i < 12; ++i) {
            QTest::keyClick(QApplication::focusWidget(), Qt::Key_Tab);
            reached.insert(QApplication::focusWidget());
        }
        for (QWidget* button : std::as_const(buttons))
            QVERIFY2(reached.contains(button), qPrintable(button->objectName() + button->toolTip()));

        // A shortcut works with the focus in the editor.
        Answers answers;
        answers.install(page);
        page.replaceText(u"#cloud-config\nhostname: mine\n"_s);
        page.editor()->setFocus();
        QTest::keyClick(page.editor(), Qt::Key_N, Qt::ControlModifier);
        QCOMPARE(answers.questions.size(), 1);
    }

    void offersGzipWhenTheBase64IsOverTheLimit()
    {
        QTemporaryDir dir;
        CloudInitPage page(nullptr, dir.path());
        page.show();
        auto* button = page.findChild<QPushButton*>(u"cloudInitGzipButton"_s);
        QVERIFY(button);
        QVERIFY(validated(page));
        QVERIFY(button->isHidden());
        // 60 KiB: within the limit as bytes, over it in base64.
        QString text = u"#cloud-config\nwrite_files:\n  - path: /a\n    content: |\n"_s;
        while (text.size() < 60 * 1024)
            text += u"      the same line again and again\n"_s;
        page.replaceText(text);
        QVERIFY(validated(page));
        QVERIFY(!button->isHidden());
        QVERIFY2(button->text().contains(u"gzip"_s), qPrintable(button->text()));

        const QString gz = dir.filePath(u"user-data.gz"_s);
        button->click();
        auto* dialog = page.findChild<QFileDialog*>(u"cloudInitGzipDialog"_s);
        QVERIFY(dialog);
        dialog->selectFile(gz);
        // QFileDialog::accept() is protected; QDialog's is the same virtual.
        static_cast<QDialog*>(dialog)->accept();
        QFile file(gz);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QCOMPARE(CloudInit::gzipDecompress(file.readAll(), 1024 * 1024).value_or(QByteArray()),
                 text.toUtf8());
        // The document is still the text.
        QCOMPARE(page.userData(), text);
    }

    void bootstrapDialogGeneratesAKeyAndAConfig()
    {
        QTemporaryDir dir;
        SshBootstrapDialog dialog(dir.path());
        auto* keys = dialog.findChild<QComboBox*>(u"keyCombo"_s);
        QCOMPARE(keys->count(), 0);
        QVERIFY(dialog.config().isEmpty());
        dialog.findChild<QLineEdit*>(u"keyFileEdit"_s)->setText(dir.filePath(u"id_test"_s));
        dialog.findChild<QLineEdit*>(u"commentEdit"_s)->setText(u"me@test"_s);
        QTest::mouseClick(dialog.findChild<QAbstractButton*>(u"generateButton"_s), Qt::LeftButton);
        QVERIFY2(QFile::exists(dir.filePath(u"id_test"_s)), qPrintable(dialog.statusText()));
        struct stat info{};
        QCOMPARE(::stat(QFile::encodeName(dir.filePath(u"id_test"_s)).constData(), &info), 0);
        QCOMPARE(info.st_mode & 0777, 0600u);
        QCOMPARE(keys->count(), 1);
        const QString line = dialog.selectedPublicKey();
        QVERIFY(line.startsWith(u"ssh-ed25519 "_s));
        QCOMPARE(dialog.findChild<QLabel*>(u"fingerprintLabel"_s)->text(),
                 CloudInit::publicKeyFingerprint(line));

        auto* ok = dialog.findChild<QDialogButtonBox*>(u"buttonBox"_s)->button(QDialogButtonBox::Ok);
        dialog.findChild<QLineEdit*>(u"userNameEdit"_s)->setText(u"Not Valid"_s);
        QVERIFY(!ok->isEnabled());
        QVERIFY(dialog.statusText().startsWith(u"The user name must"_s));
        QVERIFY(dialog.config().isEmpty());
        dialog.findChild<QLineEdit*>(u"userNameEdit"_s)->setText(u"trainer"_s);
        // The problem goes as soon as it is fixed.
        QVERIFY(ok->isEnabled());
        QVERIFY(!dialog.statusText().contains(u"user name"_s));
        dialog.findChild<QCheckBox*>(u"gpuCheckBox"_s)->setChecked(true);
        const QString config = dialog.config();
        QVERIFY(config.contains(line));
        QVERIFY(config.contains(u"ibv_devinfo"_s));
        QVERIFY(!config.contains(u"PRIVATE KEY"_s));
        const CloudInit::ValidationResult result = CloudInit::validateUserData(config.toUtf8());
        QVERIFY(result.valid());
        QVERIFY(result.diagnostics.isEmpty());
        saveWidgetScreenshot(&dialog, u"ssh-bootstrap"_s);
    }
};

QTEST_MAIN(TestCloudInitEditor)
#include "tst_cloudiniteditor.moc"
