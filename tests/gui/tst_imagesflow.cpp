// SPDX-License-Identifier: Apache-2.0

#include "core/api/apiclient.h"
#include "core/api/imageupload.h"
#include "core/models/imagemodel.h"
#include "core/models/session.h"
#include "core/settings/settings.h"
#include "gui/common/resourcetableview.h"
#include "gui/common/viewcontext.h"
#include "gui/images/imagesview.h"
#include "gui/images/imageuploadspanel.h"
#include "gui/images/uploadimagedialog.h"
#include "support/eventloopwatchdog.h"
#include "support/simclient.h"
#include "support/simprocess.h"
#include "support/testenv.h"
#include "warmup.h"
#include "widgetscreenshot.h"

#include <QAbstractButton>
#include <QApplication>
#include <QClipboard>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QNetworkAccessManager>
#include <QProgressBar>
#include <QPushButton>
#include <QRandomGenerator>
#include <QSignalSpy>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace sfdesk;
using namespace std::chrono_literals;

namespace {

constexpr qint64 MiB = 1024 * 1024;

bool writeRandomFile(const QString& path, qint64 size)
{
    // The test's own work on the GUI thread, not the app's.
    const EventLoopWatchdog::Pause pause;
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return false;
    QByteArray block(MiB, Qt::Uninitialized);
    QRandomGenerator random(41);
    for (qint64 left = size; left > 0; left -= block.size()) {
        random.fillRange(reinterpret_cast<quint32*>(block.data()), block.size() / 4);
        file.write(block.constData(), std::min<qint64>(left, block.size()));
    }
    return true;
}

// Presses a widget's button with the keyboard: focus, then Space.
void press(QWidget* button)
{
    button->setFocus(Qt::TabFocusReason);
    QTest::keyClick(button, Qt::Key_Space);
}

} // namespace

// The Images page against the real sfsim, driven by the keyboard: upload an image (Ctrl+U, the
// file and the name typed, Enter) and watch its progress, revoke and reinstate it, copy its
// download link, pause and resume an upload, and delete an image after the question.
class TestImagesFlow final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        TestEnv::init();
        warmUpQt();
        m_watchdog.start();
        QVERIFY2(m_sim.start({u"--control"_s}), qPrintable(m_sim.errorOutput()));
        m_api.setBaseUrl(m_sim.baseUrl());
        m_api.setToken(m_sim.token(u"acme-owner"_s));
    }

    void cleanup()
    {
        QString stall;
        QVERIFY2(m_watchdog.checkFunction(&stall), qPrintable(stall));
    }
    void cleanupTestCase() { m_watchdog.report(); }

    void uploadByKeyboardThenRevokeReinstateLinkAndDelete()
    {
        QTemporaryDir dir;
        const QString file = dir.filePath(u"cuda13 ib.img"_s);
        QVERIFY(writeRandomFile(file, 40 * MiB));
        Settings settings(dir.filePath(u"s.ini"_s));
        QNetworkAccessManager network;
        ApiClient client(m_sim.baseUrl(), &network);
        client.setToken(m_sim.token(u"acme-owner"_s));
        ViewContext context(&settings);
        ImagesView view(&context);
        view.resize(1100, 720);
        view.show();
        context.setClient(&client);
        ImageUploads* uploads = context.session()->imageUploads();
        ImageUploads::Options options = uploads->options();
        options.partSize = 5 * MiB;
        options.retryBaseDelay = 100ms;
        uploads->setOptions(options);
        QTRY_VERIFY_WITH_TIMEOUT(!context.workspaceReference().isEmpty(), 10000);
        auto* uploadButton = view.findChild<QPushButton*>(u"imagesUploadButton"_s);
        QTRY_VERIFY(uploadButton->isEnabled());

        // Each part's answer comes late, so that the upload is seen on its way.
        QVERIFY(m_sim.setFaults(u"latency=250ms"_s));
        view.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&view));
        view.table()->table()->setFocus();
        QTest::keyClick(view.table()->table(), Qt::Key_U, Qt::ControlModifier);
        UploadImageDialog* dialog = nullptr;
        QTRY_VERIFY((dialog = view.findChild<UploadImageDialog*>()) && dialog->isVisible());
        auto* fileEdit = dialog->findChild<QLineEdit*>(u"fileEdit"_s);
        auto* nameEdit = dialog->findChild<QLineEdit*>(u"nameEdit"_s);
        // The window manager gives the new window the focus, and the dialog its first field.
        dialog->activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(dialog));
        QTRY_VERIFY(fileEdit->hasFocus());
        QTest::keyClicks(fileEdit, file);
        // The name follows the file: its base name, as the API spells names.
        QCOMPARE(nameEdit->text(), u"cuda13-ib"_s);
        QTest::keyClick(fileEdit, Qt::Key_Tab); // Browse…
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_Tab);
        QCOMPARE(QApplication::focusWidget(), nameEdit);
        nameEdit->selectAll();
        QTest::keyClicks(nameEdit, u"trainer-image"_s);
        QCOMPARE(dialog->findChild<QLabel*>(u"commandLabel"_s)->text(),
                 u"sf images upload -f '%1' -n trainer-image"_s.arg(file));
        saveWidgetScreenshot(dialog, u"upload-image-dialog"_s);
        QTest::keyClick(nameEdit, Qt::Key_Return);
        QTRY_VERIFY(!view.findChild<UploadImageDialog*>());

        // On its way: a line in the panel with a progress bar that says how far, for every reader.
        QCOMPARE(uploads->uploads().size(), 1);
        auto* panel = view.uploadsPanel();
        QTRY_VERIFY(panel->isVisible());
        auto* progress = panel->findChild<QProgressBar*>(u"imageUploadProgress"_s);
        QVERIFY(progress);
        QCOMPARE(progress->accessibleName(), u"Upload of trainer-image"_s);
        QTRY_VERIFY_WITH_TIMEOUT(progress->value() > 0 && progress->value() < 1000, 20000);
        QVERIFY2(progress->text().contains(u" of 40.0 MB"_s) || progress->text().contains(u" of 40 MB"_s),
                 qPrintable(progress->text()));
        QVERIFY(progress->accessibleDescription().startsWith(progress->text()));
        QTRY_VERIFY_WITH_TIMEOUT(panel->findChild<QLabel*>(u"imageUploadStatus"_s)->text().contains(u"/s"_s),
                                 10000);
        saveWidgetScreenshot(&view, u"images-upload-in-progress"_s);

        QSignalSpy completed(uploads, &ImageUploads::uploadCompleted);
        QTRY_COMPARE_WITH_TIMEOUT(completed.size(), 1, 60000);
        QVERIFY(m_sim.setFaults(QString()));
        QTRY_VERIFY(!panel->isVisible());
        const QString id = completed.first().first().value<Image>().id;
        QTRY_VERIFY_WITH_TIMEOUT(view.model()->rowOf(id) >= 0
                                     && view.model()->at(view.model()->rowOf(id)).status
                                            == Image::UploadStatus::Completed,
                                 10000);
        auto* outcome = view.findChild<QLabel*>(u"imagesOutcomeLabel"_s);
        QVERIFY2(outcome->text().startsWith(u"Uploaded image trainer-image"_s), qPrintable(outcome->text()));
        QCOMPARE(m_api.get(u"/preview/v2/images/"_s + id).json.value(u"sha256").toString(),
                 completed.first().first().value<Image>().sha256);

        // Revoke, by the keyboard: the image is revoked on the server and in the table.
        view.selectImage(id);
        auto* revoke = view.findChild<QPushButton*>(u"imagesRevokeButton"_s);
        QTRY_VERIFY(revoke->isEnabled());
        QVERIFY(!view.findChild<QPushButton*>(u"imagesReinstateButton"_s)->isEnabled());
        press(revoke);
        QTRY_COMPARE_WITH_TIMEOUT(view.model()->at(view.model()->rowOf(id)).status,
                                  Image::UploadStatus::Revoked, 10000);
        QCOMPARE(m_api.get(u"/preview/v2/images/"_s + id).json.value(u"upload_status").toString(),
                 u"revoked"_s);

        // Its download link, with its expiry.
        auto* link = view.findChild<QPushButton*>(u"imagesDownloadLinkButton"_s);
        QTRY_VERIFY(link->isEnabled());
        QGuiApplication::clipboard()->clear();
        press(link);
        QTRY_VERIFY_WITH_TIMEOUT(QGuiApplication::clipboard()->text().startsWith(u"http://127.0.0.1:"_s),
                                 10000);
        QVERIFY2(outcome->text().contains(u"expires at"_s), qPrintable(outcome->text()));

        auto* reinstate = view.findChild<QPushButton*>(u"imagesReinstateButton"_s);
        QTRY_VERIFY(reinstate->isEnabled());
        press(reinstate);
        QTRY_COMPARE_WITH_TIMEOUT(view.model()->at(view.model()->rowOf(id)).status,
                                  Image::UploadStatus::Completed, 10000);

        // Delete asks first; Cancel is the default, the destructive button deletes.
        auto* remove = view.findChild<QPushButton*>(u"imagesDeleteButton"_s);
        press(remove);
        QMessageBox* question = nullptr;
        QTRY_VERIFY((question = view.findChild<QMessageBox*>(u"confirmDialog"_s)) && question->isVisible());
        QVERIFY(question->text().contains(u"trainer-image"_s));
        QAbstractButton* confirm = nullptr;
        for (QAbstractButton* button : question->buttons()) {
            if (question->buttonRole(button) == QMessageBox::DestructiveRole)
                confirm = button;
        }
        QVERIFY(confirm);
        press(confirm);
        QTRY_VERIFY_WITH_TIMEOUT(view.model()->rowOf(id) < 0, 10000);
        QCOMPARE(m_api.get(u"/preview/v2/images/"_s + id).status, 404);
    }

    void pausedUploadResumesFromItsButton()
    {
        QTemporaryDir dir;
        const QString file = dir.filePath(u"resumable.img"_s);
        QVERIFY(writeRandomFile(file, 12 * MiB));
        Settings settings(dir.filePath(u"s.ini"_s));
        QNetworkAccessManager network;
        ApiClient client(m_sim.baseUrl(), &network);
        client.setToken(m_sim.token(u"acme-owner"_s));
        ViewContext context(&settings);
        ImagesView view(&context);
        view.resize(1000, 700);
        view.show();
        context.setClient(&client);
        ImageUploads* uploads = context.session()->imageUploads();
        ImageUploads::Options options = uploads->options();
        options.partSize = 5 * MiB;
        uploads->setOptions(options);
        QTRY_VERIFY_WITH_TIMEOUT(!context.workspaceReference().isEmpty(), 10000);
        QVERIFY(m_sim.setFaults(u"latency=300ms"_s));
        QString error;
        ImageUpload* upload = uploads->start(file, context.workspaceReference(), u"resumable"_s, &error);
        QVERIFY2(upload, qPrintable(error));
        auto* pause = view.findChild<QPushButton*>(u"imageUploadPauseButton"_s);
        QTRY_VERIFY(pause && pause->isVisible() && pause->isEnabled());
        press(pause);
        QCOMPARE(upload->state(), ImageUpload::State::Paused);
        QVERIFY(m_sim.setFaults(QString()));
        auto* resume = view.findChild<QPushButton*>(u"imageUploadResumeButton"_s);
        QTRY_VERIFY(resume->isVisible());
        QCOMPARE(resume->accessibleName(), u"Resume the upload of resumable"_s);
        QSignalSpy completed(uploads, &ImageUploads::uploadCompleted);
        press(resume);
        QTRY_COMPARE_WITH_TIMEOUT(completed.size(), 1, 30000);
        QCOMPARE(completed.first().first().value<Image>().name, u"resumable"_s);
    }

private:
    EventLoopWatchdog m_watchdog;
    SimProcess m_sim;
    SimClient m_api;
};

QTEST_MAIN(TestImagesFlow)
#include "tst_imagesflow.moc"
