// SPDX-License-Identifier: Apache-2.0

#include "gui/cloudinit/sshbootstrapdialog.h"

#include "common/constvalue.h"
#include "core/cloudinit/bootstrap.h"
#include "core/cloudinit/sshkeys.h"

#include "core/util/plaintext.h"
#include "ui_sshbootstrapdialog.h"

#include <QDir>
#include <QFileInfo>
#include <QLineEdit>
#include <QPushButton>
#include <QSysInfo>

namespace sfdesk {

using namespace Qt::StringLiterals;

SshBootstrapDialog::SshBootstrapDialog(const QString& sshDirectory, QWidget* parent)
    : QDialog(parent)
    , m_ui(std::make_unique<Ui::SshBootstrapDialog>())
    , m_sshDirectory(sshDirectory.isEmpty() ? CloudInit::defaultSshDirectory() : sshDirectory)
{
    m_ui->setupUi(this);
    m_ui->userNameEdit->setText(CloudInit::defaultUserName());
    m_ui->keyFileEdit->setText(QDir(m_sshDirectory).filePath(u"id_ed25519_sfcompute"_s));
    m_ui->commentEdit->setText(
        u"%1@%2"_s.arg(qEnvironmentVariable("USER", u"user"_s), QSysInfo::machineHostName()));
    connect(m_ui->keyCombo, &QComboBox::currentIndexChanged, this, &SshBootstrapDialog::updateFingerprint);
    // The choices are checked as they change, so a problem shown is always the current one.
    connect(m_ui->keyCombo, &QComboBox::currentIndexChanged, this, &SshBootstrapDialog::checkChoices);
    connect(m_ui->userNameEdit, &QLineEdit::textChanged, this, &SshBootstrapDialog::checkChoices);
    connect(m_ui->generateButton, &QPushButton::clicked, this, &SshBootstrapDialog::generateKey);
    connect(m_ui->buttonBox, &QDialogButtonBox::accepted, this, &SshBootstrapDialog::accept);
    connect(m_ui->buttonBox, &QDialogButtonBox::rejected, this, &QDialog::reject);
    reloadKeys();
    checkChoices();
}

SshBootstrapDialog::~SshBootstrapDialog() = default;

namespace {

// The engine's reasons are lower-case fragments (they also follow "sfdesk-cloudinit:"); here they
// stand alone as a sentence.
QString asSentence(QString text)
{
    if (!text.isEmpty())
        text[0] = text[0].toUpper();
    if (!text.endsWith(u'.'))
        text += u'.';
    return text;
}

} // namespace

void SshBootstrapDialog::checkChoices()
{
    QString problem;
    if (selectedPublicKey().isEmpty())
        problem = tr("Choose a public key or generate one.");
    else if (!CloudInit::isValidUserName(m_ui->userNameEdit->text().trimmed(), &problem))
        problem = asSentence(problem);
    m_ui->buttonBox->button(QDialogButtonBox::Ok)->setEnabled(problem.isEmpty());
    if (!problem.isEmpty()) {
        m_ui->statusLabel->setText(problem);
        m_showingProblem = true;
    } else if (m_showingProblem) {
        m_ui->statusLabel->clear();
        m_showingProblem = false;
    }
}

void SshBootstrapDialog::reloadKeys(const QString& select)
{
    m_ui->keyCombo->clear();
    for (const CloudInit::SshPublicKey& key : constValue(CloudInit::listPublicKeys(m_sshDirectory))) {
        const QString label = u"%1 (%2%3)"_s.arg(QFileInfo(key.path).fileName(), key.type,
                                                 key.comment.isEmpty() ? QString() : u", "_s + key.comment);
        m_ui->keyCombo->addItem(label, key.line);
        m_ui->keyCombo->setItemData(m_ui->keyCombo->count() - 1, PlainText::toolTip(key.fingerprint),
                                    Qt::ToolTipRole);
        if (key.path == select)
            m_ui->keyCombo->setCurrentIndex(m_ui->keyCombo->count() - 1);
    }
    if (m_ui->keyCombo->count() == 0) {
        m_ui->statusLabel->setText(tr("No public keys in %1: generate one below.").arg(m_sshDirectory));
        m_showingProblem = true;
    }
    updateFingerprint();
}

void SshBootstrapDialog::updateFingerprint()
{
    const QString line = selectedPublicKey();
    m_ui->fingerprintLabel->setText(line.isEmpty() ? tr("(no key)") : CloudInit::publicKeyFingerprint(line));
}

QString SshBootstrapDialog::selectedPublicKey() const
{
    return m_ui->keyCombo->currentData().toString();
}

bool SshBootstrapDialog::generateKey()
{
    CloudInit::GeneratedSshKey key;
    QString error;
    QByteArray passphrase = m_ui->passphraseEdit->text().toUtf8();
    const bool ok = CloudInit::generateEd25519Key(m_ui->keyFileEdit->text().trimmed(),
                                                  m_ui->commentEdit->text(), passphrase, &key, &error);
    passphrase.fill('\0');
    m_ui->passphraseEdit->clear();
    if (!ok) {
        m_ui->statusLabel->setText(asSentence(error));
        return false;
    }
    m_showingProblem = false;
    m_ui->statusLabel->setText(
        tr("Generated %1 (private key, readable only by you) and %2.")
            .arg(QDir::toNativeSeparators(key.privateKeyPath), QFileInfo(key.publicKeyPath).fileName()));
    if (QFileInfo(key.privateKeyPath).absolutePath() == QFileInfo(m_sshDirectory).absoluteFilePath()) {
        reloadKeys(key.publicKeyPath);
    } else {
        m_ui->keyCombo->addItem(QFileInfo(key.publicKeyPath).fileName(), key.publicKeyLine);
        m_ui->keyCombo->setCurrentIndex(m_ui->keyCombo->count() - 1);
    }
    return true;
}

QString SshBootstrapDialog::config()
{
    CloudInit::BootstrapOptions options;
    options.userName = m_ui->userNameEdit->text().trimmed();
    options.publicKey = selectedPublicKey();
    options.gpuInfinibandCheck = m_ui->gpuCheckBox->isChecked();
    if (options.publicKey.isEmpty()) {
        m_ui->statusLabel->setText(tr("Choose a public key or generate one."));
        return {};
    }
    QString problem;
    const QString text = CloudInit::sshBootstrapConfig(options, &problem);
    if (text.isEmpty()) {
        m_ui->statusLabel->setText(asSentence(problem));
        m_showingProblem = true;
    }
    return text;
}

QString SshBootstrapDialog::statusText() const
{
    return m_ui->statusLabel->text();
}

void SshBootstrapDialog::accept()
{
    if (config().isEmpty())
        return;
    QDialog::accept();
}

} // namespace sfdesk
