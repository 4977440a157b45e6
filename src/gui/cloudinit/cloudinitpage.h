// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/cloudinit/diagnostic.h"
#include "gui/common/backgroundcheck.h"

#include <QJsonObject>
#include <QWidget>

#include <functional>
#include <memory>

class QLabel;
class QPushButton;
class QTimer;
class QTreeWidget;
class QFrame;
class QAction;
class QLockFile;
class QMenu;

namespace sfdesk {

class CloudInitCodeEditor;
class ValueTextBar;

// The Cloud-init section: the editor, its problem list, the size meter, templates, open/save with
// autosave and crash recovery, and the SSH bootstrap generator. Validation runs off the UI thread.
// Nothing replaces or closes unsaved text without asking (Save, Discard or Cancel).
class CloudInitPage final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(CloudInitPage)

public:
    // recoveryDirectory: where unsaved work is kept (the app's data folder unless a test says otherwise).
    enum class UnsavedAnswer
    {
        Save,
        Discard,
        Cancel
    };
    // Asks what to do with unsaved text; calls answer once, possibly later (the default opens a
    // message box with open(), so no event loop nests inside the action that asked).
    using UnsavedPrompt = std::function<void(QWidget* parent, const QString& question,
                                             std::function<void(UnsavedAnswer)> answer)>;

    // recoveryDirectory: where unsaved work is kept (the app's data folder unless a test says otherwise).
    explicit CloudInitPage(QWidget* parent = nullptr, const QString& recoveryDirectory = {},
                           const QString& sshDirectory = {});
    // Writes a pending autosave first, so that edits of the last moments survive quitting.
    ~CloudInitPage() override;

    void setUnsavedPrompt(UnsavedPrompt prompt);
    // The page's actions, in its toolbar and in this menu (which the main window shows while the page
    // is current), each with a shortcut.
    QMenu* menu() const { return m_menu; }

    CloudInitCodeEditor* editor() const { return m_editor; }
    // The user data as it would be sent (for the instance wizard).
    QString userData() const;
    QString fileName() const { return m_fileName; }

    bool openFile(const QString& path, QString* error = nullptr);
    bool saveTo(const QString& path, QString* error = nullptr);
    // Writes the text gzip-compressed (cloud-init reads gzip user data): what to send when the text
    // is over the limit. The document itself stays as it is.
    bool saveGzipTo(const QString& path, QString* error = nullptr);
    void loadTemplate(const QString& id);
    // Replaces the text as one undoable edit.
    void replaceText(const QString& text);

    // Starts at once what the timer would start: a validation of the current text off the UI thread.
    // validated() follows when its result is shown; a result for text that changed since is dropped.
    void validateNow();
    bool isValidating() const;
    void autosaveNow();
    void discardRecovery();
    // This page's own recovery file: each page (each window) has one, locked while the page lives.
    QString recoveryFile() const;
    bool recovered() const { return m_recovered; }

    // The user's actions, as the toolbar and menu run them: each asks before it replaces unsaved text.
    void newDocument();
    void newFromTemplate(const QString& id);
    void open();
    void save();
    void saveAs();
    void openSshBootstrap();
    // Opens the multipart builder on the editor's text (its parts when it is multipart); Use in Editor
    // puts the payload back, asking first about unsaved text.
    void openMultipartBuilder();
    // Jinja templates are rendered with this instance data before they are checked (sample data at
    // first); the dialog edits it as JSON.
    void setInstanceData(const QJsonObject& data);
    QJsonObject instanceData() const { return m_instanceData; }
    void editInstanceData();
    void applySelectedFix();
    void saveGzip();
    // A new untitled document with this text (asking first about unsaved text).
    void openText(const QString& text);
    // Save as Instance Template: the text is checked first, and only text without errors goes on
    // (saveAsTemplateRequested); errors are shown instead. Offered once enabled (a connection).
    void setSaveAsTemplateEnabled(bool enabled);
    void saveAsTemplate();

Q_SIGNALS:
    void validated(bool valid);
    // The text passed the check: title is what the page calls it; savedFile the file it matches
    // when saved, else empty.
    void saveAsTemplateRequested(const QByteArray& userData, const QString& title, const QString& savedFile);

protected:
    // Refused while the text is unsaved and the user has not answered; the window closes once they do.
    void closeEvent(QCloseEvent* event) override;

private:
    struct Check;

    void buildUi();
    void showCheck(const Check& check);
    void showDiagnostics(const QList<CloudInit::Diagnostic>& diagnostics);
    void updateSizeMeter(const CloudInit::PayloadSize& size);
    void claimRecoveryFile();
    void restoreRecovery();
    void updateFixAction();
    const CloudInit::Diagnostic* selectedFixable() const;
    // Runs then once unsaved text is saved or discarded as the user answers; not at all on Cancel.
    void whenUnsavedHandled(const QString& question, std::function<void()> then);
    void saveThen(std::function<void()> then);
    void saveAsThen(std::function<void()> then);
    void showError(const QString& title, const QString& text);
    QString documentName() const;
    void updateFileLabel();

    CloudInitCodeEditor* m_editor = nullptr;
    QTreeWidget* m_problems = nullptr;
    QLabel* m_summary = nullptr;
    QLabel* m_fileLabel = nullptr;
    QLabel* m_typeLabel = nullptr;
    ValueTextBar* m_sizeMeter = nullptr;
    QPushButton* m_gzipButton = nullptr;
    QFrame* m_recoveryBanner = nullptr;
    QLabel* m_recoveryLabel = nullptr;
    QAction* m_fixAction = nullptr;
    QAction* m_saveAsTemplate = nullptr;
    QMenu* m_menu = nullptr;
    QTimer* m_validateTimer = nullptr;
    QTimer* m_autosaveTimer = nullptr;
    UnsavedPrompt m_unsavedPrompt;
    QString m_recoveryDirectory;
    QString m_recoveryFile;
    std::unique_ptr<QLockFile> m_recoveryLock;
    QString m_sshDirectory;
    QJsonObject m_instanceData;
    QString m_fileName;
    bool m_recovered = false;
    // Told of every edit: a result is shown only for the text it was computed from.
    std::unique_ptr<BackgroundCheck<Check>> m_validation;
    bool m_inCloseEvent = false;
};

} // namespace sfdesk
