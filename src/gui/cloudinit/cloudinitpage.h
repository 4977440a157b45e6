#pragma once

#include "core/cloudinit/diagnostic.h"

#include <QWidget>

class CloudInitCodeEditor;
class QLabel;
class QProgressBar;
class QPushButton;
class QTimer;
class QTreeWidget;
class QFrame;
class QAction;

// The Cloud-init section: the editor, its problem list, the size meter, templates, open/save with
// autosave and crash recovery, and the SSH bootstrap generator.
class CloudInitPage final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(CloudInitPage)

public:
    // recoveryDirectory: where unsaved work is kept (the app's data folder unless a test says otherwise).
    explicit CloudInitPage(QWidget* parent = nullptr, const QString& recoveryDirectory = {},
                           const QString& sshDirectory = {});
    ~CloudInitPage() override;

    CloudInitCodeEditor* editor() const { return m_editor; }
    // The user data as it would be sent (for the instance wizard).
    QString userData() const;
    QString fileName() const { return m_fileName; }

    bool openFile(const QString& path, QString* error = nullptr);
    bool saveTo(const QString& path, QString* error = nullptr);
    void loadTemplate(const QString& id);
    // Replaces the text as one undoable edit.
    void replaceText(const QString& text);

    // Run at once what the timers would run.
    void validateNow();
    void autosaveNow();
    void discardRecovery();
    QString recoveryFile() const;
    bool recovered() const { return m_recovered; }

Q_SIGNALS:
    void validated(bool valid);

private:
    void buildUi();
    void showDiagnostics(const QList<CloudInit::Diagnostic>& diagnostics);
    void updateSizeMeter(qint64 raw, qint64 base64);
    void restoreRecovery();
    void applySelectedFix();
    void updateFixAction();
    void openSshBootstrap();
    void open();
    void save();
    void saveAs();
    void updateFileLabel();

    CloudInitCodeEditor* m_editor = nullptr;
    QTreeWidget* m_problems = nullptr;
    QLabel* m_summary = nullptr;
    QLabel* m_fileLabel = nullptr;
    QLabel* m_typeLabel = nullptr;
    QProgressBar* m_sizeMeter = nullptr;
    QFrame* m_recoveryBanner = nullptr;
    QLabel* m_recoveryLabel = nullptr;
    QAction* m_fixAction = nullptr;
    QTimer* m_validateTimer = nullptr;
    QTimer* m_autosaveTimer = nullptr;
    QString m_recoveryDirectory;
    QString m_sshDirectory;
    QString m_fileName;
    bool m_recovered = false;
};
