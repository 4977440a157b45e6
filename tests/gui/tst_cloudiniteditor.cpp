#include "core/cloudinit/sshkeys.h"
#include "core/cloudinit/validator.h"
#include "gui/cloudinit/cloudinitcodeeditor.h"
#include "gui/cloudinit/cloudinitpage.h"
#include "gui/cloudinit/sshbootstrapdialog.h"
#include "support/testenv.h"
#include "widgetscreenshot.h"

#include <QAbstractItemView>
#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QCompleter>
#include <QDialogButtonBox>
#include <QFile>
#include <QFrame>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBlock>
#include <QTreeWidget>

#include <sys/stat.h>

using namespace Qt::StringLiterals;

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
        for (const QTextEdit::ExtraSelection& s : editor->extraSelections()) {
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
        page.validateNow();
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
        fix->trigger();
        QVERIFY(editor->toPlainText().contains(u"permissions: '0600'"_s));
        QVERIFY(!problemContaining(page, u"is not of type"_s));

        QTreeWidgetItem* deprecated = problemContaining(page, u"Deprecated in version 22.2"_s);
        QVERIFY(deprecated);
        list->setCurrentItem(deprecated);
        fix->trigger();
        QVERIFY(editor->toPlainText().contains(u"\npackage_upgrade: true\n"_s));
        QCOMPARE(list->topLevelItemCount(), 0);
        QCOMPARE(page.findChild<QLabel*>(u"cloudInitSummary"_s)->text(), u"✓ Valid"_s);

        // Each fix is one undo step.
        editor->undo();
        page.validateNow();
        QVERIFY(problemContaining(page, u"Deprecated in version 22.2"_s));
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
        page.validateNow();
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
        page.validateNow();
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
        page.validateNow();
        auto* meter = page.findChild<QProgressBar*>(u"cloudInitSizeMeter"_s);
        QCOMPARE(meter->value(), int(text.toUtf8().size()));
        QVERIFY(meter->text().contains(u"of 64 KiB"_s));
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
