;;; e2e.el --- end-to-end checks of tdls.el in a real Emacs with eglot  -*- lexical-binding: t; -*-

;; run.sh starts it as `emacs --batch -l e2e.el' with TDLS_BIN, TDLS_EL (the
;; directory of tdls.el), TDLS_FIXTURE (a copy of editors/testdata),
;; TDLS_RESULTS (where the check lines go) and TDLS_E2E_CLIENT (eglot or
;; lsp-mode) in the environment. Each check writes PASS or FAIL with what it
;; saw; Emacs exits 1 if any failed.

;;; Code:

(require 'cl-lib)
(require 'subr-x)
(require 'flymake)

(defun e2e-env (name)
  (let ((v (getenv name)))
    (unless (and v (not (string-empty-p v))) (error "%s is not set" name))
    v))

(defvar e2e-fixture (file-name-as-directory (e2e-env "TDLS_FIXTURE")))
(defvar e2e-results (e2e-env "TDLS_RESULTS"))
(defvar e2e-timeout 20)
(defvar e2e-client (intern (or (getenv "TDLS_E2E_CLIENT") "eglot")))
(defvar e2e-checks 0)
(defvar e2e-failed 0)

(defun e2e-report (ok name detail)
  (cl-incf e2e-checks)
  (unless ok (cl-incf e2e-failed))
  (let ((line (format "%s [%s] %s%s\n" (if ok "PASS" "FAIL") e2e-client name
                      (if (and detail (not (string-empty-p detail))) (concat ": " detail) ""))))
    (write-region line nil e2e-results 'append 'silent)))

(defmacro e2e-check (name &rest body)
  "Run BODY, which returns (OK . DETAIL), as the check NAME."
  (declare (indent 1))
  `(condition-case err
       (let ((res (progn ,@body)))
         (e2e-report (car res) ,name (cdr res)))
     (error (e2e-report nil ,name (format "error: %S" err)))))

(defun e2e-wait (pred)
  "Wait up to `e2e-timeout' seconds for PRED, running timers and process
output meanwhile. Returns PRED's last value."
  (let ((deadline (+ (float-time) e2e-timeout))
        v)
    (while (and (not (setq v (funcall pred))) (< (float-time) deadline))
      (accept-process-output nil 0.05))
    v))

(defun e2e-finish ()
  (write-region (format "%d passed, %d failed\n" (- e2e-checks e2e-failed) e2e-failed)
                nil e2e-results 'append 'silent)
  (ignore-errors (if (eq e2e-client 'eglot) (eglot-shutdown-all) (lsp-workspace-shutdown (car (lsp-workspaces)))))
  (kill-emacs (if (> e2e-failed 0) 1 0)))

(defun e2e-goto (line needle)
  "Point on the first NEEDLE on 1-based LINE."
  (goto-char (point-min))
  (forward-line (1- line))
  (unless (search-forward needle (line-end-position) t)
    (error "%s not on line %d" needle line))
  (goto-char (match-beginning 0)))

(defun e2e-face-at (text needle &optional offset)
  "The face of NEEDLE (+ OFFSET) in TEXT, fontified by tdls's tablegen-mode."
  (with-temp-buffer
    (insert text)
    (tdls-tablegen-mode)
    (font-lock-ensure)
    (goto-char (point-min))
    (search-forward needle)
    (get-text-property (+ (match-beginning 0) (or offset 0)) 'face)))

;;;; Setup exactly as the README says.

;; An interactive Emacs activates the installed packages (Debian's elpa-*
;; among them) at startup; batch Emacs does not.
(package-activate-all)
(add-to-list 'load-path (e2e-env "TDLS_EL"))
(pcase e2e-client
  ('eglot (require 'eglot))
  ('lsp-mode
   (require 'lsp-mode)
   (setq lsp-auto-guess-root t              ; the .git directory, no question
         lsp-diagnostics-provider :flymake
         lsp-enable-snippet nil
         lsp-headerline-breadcrumb-enable nil
         lsp-modeline-code-actions-enable nil
         lsp-modeline-workspace-status-enable nil
         lsp-modeline-diagnostics-enable nil
         lsp-restart 'ignore))
  (_ (error "TDLS_E2E_CLIENT is eglot or lsp-mode, not %s" e2e-client)))
(require 'tdls)
(setq tdls-server-path (e2e-env "TDLS_BIN")
      tdls-server-args (list "--log-file" (concat e2e-fixture "tdls.log") "--log-level" "debug"))
(add-hook 'tablegen-mode-hook (if (eq e2e-client 'eglot) #'eglot-ensure #'lsp-deferred))

;; What does not depend on the client runs once, with eglot.
(when (eq e2e-client 'eglot)
(e2e-check "tdls.el byte-compiles without warnings"
  (let* ((dir (make-temp-file "tdls-bc" t))
         (copy (expand-file-name "tdls.el" dir)))
    (copy-file (expand-file-name "tdls.el" (e2e-env "TDLS_EL")) copy)
    (let* ((out (with-output-to-string
                  (call-process (expand-file-name invocation-name invocation-directory) nil standard-output nil
                                "--batch" "--eval" "(progn (require 'eglot) (require 'lsp-mode nil t) (setq byte-compile-error-on-warn t))"
                                "-f" "batch-byte-compile" copy)))
           (ok (file-exists-p (concat copy "c"))))
      (delete-directory dir t)
      (cons ok (string-trim (replace-regexp-in-string "^Loading .*\n" "" out))))))

(e2e-check "the fallback tablegen-mode highlights TableGen"
  (let* ((text (concat "// a comment \"with quotes\n"
                       "def X : Y<[{ return \"}\" + x; // not a comment }]> {\n"
                       "  let n = !add(1, 2);\n"
                       "  code c = [{ /* C++ */ }];\n"
                       "}\n"))
         (faces (list (cons "comment" (e2e-face-at text "a comment"))
                      (cons "def" (e2e-face-at text "def"))
                      (cons "X" (e2e-face-at text "X :"))
                      (cons "code" (e2e-face-at text "return"))
                      (cons "// in code" (e2e-face-at text "// not"))
                      (cons "let" (e2e-face-at text "let"))
                      (cons "!add" (e2e-face-at text "!add"))
                      (cons "after code" (e2e-face-at text "n ="))
                      (cons "type" (e2e-face-at text "code c")))))
    (cons (and (eq (cdr (assoc "comment" faces)) 'font-lock-comment-face)
               (eq (cdr (assoc "def" faces)) 'font-lock-keyword-face)
               (eq (cdr (assoc "X" faces)) 'font-lock-function-name-face)
               (eq (cdr (assoc "code" faces)) 'tdls-tablegen-code-face)
               (eq (cdr (assoc "// in code" faces)) 'tdls-tablegen-code-face)
               (eq (cdr (assoc "let" faces)) 'font-lock-keyword-face)
               (eq (cdr (assoc "!add" faces)) 'font-lock-builtin-face)
               (null (cdr (assoc "after code" faces)))
               (eq (cdr (assoc "type" faces)) 'font-lock-type-face))
          (format "%S" faces))))

(e2e-check "without LLVM's tablegen-mode (emacs -Q), tdls's opens .td files"
  (let ((out (with-output-to-string
               (call-process (expand-file-name invocation-name invocation-directory) nil standard-output nil
                             "--batch" "-Q" "-L" (e2e-env "TDLS_EL") "--eval"
                             (format "%S" `(progn (require 'tdls)
                                                  (find-file ,(concat e2e-fixture "ToyOps.td"))
                                                  (princ (format "%s %s %s" major-mode (derived-mode-p 'tdls-tablegen-mode)
                                                                 (locate-library "tablegen-mode")))))))))
    (cons (equal (car (last (split-string out "\n" t))) "tablegen-mode tdls-tablegen-mode nil") out)))

)

(find-file (concat e2e-fixture "ToyPatterns.td"))
(defvar e2e-src (current-buffer))
;; eglot-ensure connects after the next command, lsp-deferred once the
;; buffer is shown and Emacs is idle; batch Emacs has neither.
(if (eq e2e-client 'eglot)
    (run-hooks 'post-command-hook)
  (lsp))

(e2e-check ".td opens in tablegen-mode: LLVM's where installed, else tdls's"
  (let ((llvm (locate-library "tablegen-mode")))
    (cons (and (eq major-mode 'tablegen-mode)
               (if llvm
                   (equal (file-name-sans-extension (symbol-file 'tablegen-mode 'defun))
                          (file-name-sans-extension llvm))
                 (derived-mode-p 'tdls-tablegen-mode)))
          (format "major-mode %s from %s" major-mode (symbol-file 'tablegen-mode 'defun)))))

(defun e2e-server ()
  "The tdls connection of the source buffer, once initialized."
  (with-current-buffer e2e-src
    (pcase e2e-client
      ('eglot (let ((server (eglot-current-server)))
                (and server (eglot--server-info server) server)))
      ('lsp-mode (let ((ws (car (lsp-workspaces))))
                   (and ws (eq (lsp--workspace-status ws) 'initialized) ws))))))

(e2e-check "the client starts tdls"
  (let ((server (e2e-wait #'e2e-server)))
    (pcase e2e-client
      ('eglot
       (cons (and server (tdls-eglot-server-p server)
                  (equal (plist-get (eglot--server-info server) :name) "tdls"))
             (format "%S %S" (and server (eieio-object-class server))
                     (and server (eglot--server-info server)))))
      ('lsp-mode
       (cons (and server (eq (lsp--workspace-server-id server) 'tdls)
                  (equal (lsp--workspace-root server) (directory-file-name e2e-fixture)))
             (format "%S root %S" (and server (lsp--workspace-server-id server))
                     (and server (lsp--workspace-root server))))))))

(e2e-check "the mode line names the user's LLVM (tdls/llvm)"
  (let ((ok (e2e-wait (lambda () (string-match-p "\\`LLVM [0-9]" (tdls-status))))))
    ;; Batch Emacs formats no mode line: the entry's form, evaluated in
    ;; the buffer, is what the mode line shows.
    (cons (and ok (with-current-buffer e2e-src
                    (cl-some (lambda (entry)
                               (and (eq (car-safe entry) :eval)
                                    (equal (eval (cadr entry) t) (concat " [" (tdls-status) "] "))))
                             mode-line-misc-info)))
          (format "%S %S" (tdls-status) tdls-llvm))))

;; flymake starts after the first command too.
(with-current-buffer e2e-src (flymake-start))

(defun e2e-unbound-y ()
  "The flymake diagnostic of the unbound $y, as the user sees it."
  (cl-find-if (lambda (d) (string-match-p "referencing unbound symbol 'y'" (flymake-diagnostic-text d)))
              (with-current-buffer e2e-src (flymake-diagnostics))))

(defun e2e-diagnostic-code (d)
  "The LSP code of the flymake diagnostic D, from the client's own record."
  (pcase e2e-client
    ('eglot (plist-get (cdr (assoc 'eglot-lsp-diag (flymake-diagnostic-data d))) :code))
    ('lsp-mode
     (let ((line (with-current-buffer e2e-src (1- (line-number-at-pos (flymake-diagnostic-beg d))))))
       (cl-loop for diag in (gethash (buffer-file-name e2e-src) (lsp-diagnostics t))
                when (= (gethash "line" (gethash "start" (gethash "range" diag))) line)
                return (gethash "code" diag))))))

(e2e-check "DRR diagnostic: code, line, column, message"
  (let ((d (e2e-wait #'e2e-unbound-y)))
    (if (not d)
        (cons nil (format "no unbound-symbol diagnostic; got %S (flymake-mode %s, backends %S)"
                          (mapcar #'flymake-diagnostic-text (with-current-buffer e2e-src (flymake-diagnostics)))
                          (buffer-local-value 'flymake-mode e2e-src)
                          (buffer-local-value 'flymake-diagnostic-functions e2e-src)))
      (with-current-buffer e2e-src
        (let* ((beg (flymake-diagnostic-beg d))
               (line (line-number-at-pos beg))
               (col (save-excursion (goto-char beg) (current-column)))
               (code (e2e-diagnostic-code d))
               (type (flymake-diagnostic-type d))
               (text (flymake-diagnostic-text d)))
          (cons (and (= line 13) (= col 30)
                     (memq type '(eglot-error :error))
                     (equal code "drr-unbound-symbol")
                     (string-match-p "referencing unbound symbol 'y'; did you mean 'x'\\?" text))
                (format "%d:%d %s [%s] %S" line (1+ col) type code text)))))))

(e2e-check "hover on an op in a pattern answers the op"
  (with-current-buffer e2e-src
    (e2e-goto 12 "Toy_AddOp")
    (let ((value (pcase e2e-client
                   ('eglot (plist-get (plist-get (jsonrpc-request (eglot-current-server) :textDocument/hover
                                                                  (eglot--TextDocumentPositionParams))
                                                 :contents)
                                      :value))
                   ('lsp-mode (gethash "value" (gethash "contents" (lsp-request "textDocument/hover"
                                                                                (lsp--text-document-position-params))))))))
      (cons (and value (string-match-p "toy\\.add" value) (string-match-p "F64Tensor" value))
            (format "%S" (and value (substring value 0 (min 120 (length value)))))))))

(e2e-check "go to definition of an op in a pattern lands on its def"
  (with-current-buffer e2e-src
    (switch-to-buffer e2e-src)
    (e2e-goto 8 "Toy_NegOp")
    (xref-find-definitions (xref-backend-identifier-at-point (xref-find-backend)))
    (let ((file (buffer-file-name))
          (line (line-number-at-pos))
          (text (buffer-substring-no-properties (line-beginning-position) (line-end-position))))
      (prog1 (cons (and (equal file (concat e2e-fixture "ToyOps.td"))
                        (string-prefix-p "def Toy_NegOp" text))
                   (format "%s:%d %S" (and file (file-name-nondirectory file)) line text))
        (switch-to-buffer e2e-src)))))

(defun e2e-text (buf)
  (with-current-buffer buf (buffer-substring-no-properties (point-min) (point-max))))

(defvar e2e-preview nil)

(e2e-check "M-x tdls-show-rewriter shows the pattern's C++ in a c++-mode buffer"
  (with-current-buffer e2e-src
    (e2e-goto 8 "FoldDoubleNeg")
    (setq e2e-preview (call-interactively #'tdls-show-rewriter))
    (let ((re "struct FoldDoubleNeg : public ::mlir::RewritePattern"))
      (e2e-wait (lambda () (string-match-p re (e2e-text e2e-preview))))
      (let ((text (e2e-text e2e-preview)))
        (cons (and (string-match-p re text)
                   (string-match-p "RewritePattern(\"toy.neg\", 2, context" text)
                   (eq (buffer-local-value 'major-mode e2e-preview) 'c++-mode)
                   (buffer-local-value 'buffer-read-only e2e-preview)
                   (get-buffer-window e2e-preview))
              (format "%s mode=%s shown=%s %S" (buffer-name e2e-preview)
                      (buffer-local-value 'major-mode e2e-preview)
                      (and (get-buffer-window e2e-preview) t)
                      (substring text 0 (min 160 (length text)))))))))

(e2e-check "the preview follows edits of the pattern"
  (with-current-buffer e2e-src
    ;; Two lines above the pattern move it; a new benefit changes its C++.
    (goto-char (point-min))
    (forward-line 2)
    (insert "// moved\n// down\n")
    (e2e-goto 11 "(replaceWithValue $x)>;")
    (search-forward ")>;")
    (replace-match "), [], [], (addBenefit 7)>;" t t)
    (let ((want "RewritePattern(\"toy.neg\", 9, context"))
      (e2e-wait (lambda () (string-match-p (regexp-quote want) (e2e-text e2e-preview))))
      (let ((text (e2e-text e2e-preview)))
        (cons (and (string-match-p (regexp-quote want) text)
                   (string-match-p "ToyPatterns\\.td:10" text)
                   (string-match-p "struct FoldDoubleNeg : public ::mlir::RewritePattern" text))
              (format "%S" (substring text 0 (min 200 (length text)))))))))

(e2e-check "the code action \"Show generated rewriter\" opens the live preview"
  (with-current-buffer e2e-src
    (e2e-goto 14 "NegOfAdd")
    (let* ((before (buffer-list))
           (offered nil)
           (new nil))
      ;; Picked from the minibuffer menu, as after a key binding.
      (cl-letf (((symbol-function 'completing-read)
                 (lambda (_prompt collection &rest _)
                   (setq offered (mapcar #'car collection))
                   "Show generated rewriter")))
        (let ((last-nonmenu-event ?a))
          (call-interactively (if (eq e2e-client 'eglot) #'eglot-code-actions #'lsp-execute-code-action))))
      (e2e-wait (lambda ()
                  (setq new (cl-find-if (lambda (b) (and (not (memq b before))
                                                         (buffer-local-value 'tdls--preview b)))
                                        (buffer-list)))
                  (and new (not (string-match-p "generating" (e2e-text new))))))
      (if (not new)
          (cons nil (format "no preview buffer; actions offered: %S" offered))
        (let ((text (e2e-text new)))
          ;; NegOfAdd has the unbound $y: the preview says so instead of C++.
          (cons (string-match-p "unbound symbol 'y'" text)
                (format "%s %S" (buffer-name new) (substring text 0 (min 200 (length text))))))))))

(e2e-check "killing the preview stops following the source"
  (with-current-buffer e2e-src
    (let ((n (length tdls--previews)))
      (kill-buffer e2e-preview)
      (cons (and (= (length tdls--previews) (1- n))
                 (not (memq e2e-preview (mapcar #'tdls--preview-buffer tdls--previews)))
                 (eq (and (memq #'tdls--after-change after-change-functions) t)
                     (and tdls--previews t)))
            (format "%d of %d preview(s) left" (length tdls--previews) n)))))

;; The declarations checks look at Toy_AddOp, whose arguments are on line
;; 26 of ToyOps.td.
(defvar e2e-ops nil)
(defvar e2e-decls nil)

(defun e2e-open-ops ()
  "Visit ToyOps.td with tdls running, point on Toy_AddOp's $lhs."
  (find-file (concat e2e-fixture "ToyOps.td"))
  (setq e2e-ops (current-buffer))
  (if (eq e2e-client 'eglot)
      (run-hooks 'post-command-hook)
    (lsp))
  (e2e-wait (lambda () (ignore-errors (tdls--client))))
  (e2e-goto 26 "$lhs"))

(defun e2e-new-preview (before pred)
  "The preview buffer not in BEFORE whose text satisfies PRED, once there."
  (let (new)
    (e2e-wait (lambda ()
                (setq new (cl-find-if (lambda (b) (and (not (memq b before))
                                                       (buffer-local-value 'tdls--preview b)))
                                      (buffer-list)))
                (and new (funcall pred (e2e-text new)))))
    new))

(e2e-check "M-x tdls-show-declarations shows the declarations of the op at point"
  (e2e-open-ops)
  (with-current-buffer e2e-ops
    (let ((before (buffer-list))
          (want "class AddOpGenericAdaptorBase {"))
      (call-interactively #'tdls-show-declarations)
      (setq e2e-decls (e2e-new-preview before (lambda (text) (string-match-p (regexp-quote want) text))))
      (if (not e2e-decls)
          (cons nil "no preview buffer")
        (let ((text (e2e-text e2e-decls))
              (generator (buffer-local-value 'tdls-preview-generator e2e-decls)))
          (cons (and (string-match-p (regexp-quote want) text)
                     (string-match-p (regexp-quote "class AddOp : public ::mlir::Op<AddOp") text)
                     (not (string-match-p "class NegOp " text))
                     (equal generator "op-decls")
                     (eq (buffer-local-value 'major-mode e2e-decls) 'c++-mode)
                     (get-buffer-window e2e-decls))
                (format "%s generator=%s mode=%s %S" (buffer-name e2e-decls) generator
                        (buffer-local-value 'major-mode e2e-decls)
                        (substring text 0 (min 200 (length text))))))))))

(e2e-check "the declarations follow an edit of the op"
  (if (not e2e-decls)
      (cons nil "no preview to follow")
    (with-current-buffer e2e-ops
      (e2e-goto 26 "$rhs);")
      (search-forward "$rhs);")
      (replace-match "$rhs, F64Attr:$alpha);" t t)
      (let ((want "using alphaTy = ::mlir::FloatAttr;"))
        (e2e-wait (lambda () (string-match-p (regexp-quote want) (e2e-text e2e-decls))))
        (let ((text (e2e-text e2e-decls)))
          ;; Back as it was, for the checks after this one.
          (e2e-goto 26 "$rhs, F64Attr:$alpha);")
          (search-forward "$rhs, F64Attr:$alpha);")
          (replace-match "$rhs);" t t)
          (set-buffer-modified-p nil)
          (cons (and (string-match-p (regexp-quote want) text)
                     (string-match-p (regexp-quote "::mlir::FloatAttr getAlphaAttr()") text))
                (format "%S" (substring text 0 (min 300 (length text))))))))))

(e2e-check "the code action \"Show generated documentation\" opens a live preview of the op's documentation"
  (with-current-buffer e2e-ops
    (e2e-goto 26 "$lhs")
    (let ((before (buffer-list))
          (offered nil))
      (cl-letf (((symbol-function 'completing-read)
                 (lambda (_prompt collection &rest _)
                   (setq offered (mapcar (lambda (c) (if (consp c) (car c) c)) collection))
                   "Show generated documentation")))
        (let ((last-nonmenu-event ?a))
          (call-interactively (if (eq e2e-client 'eglot) #'eglot-code-actions #'lsp-execute-code-action))))
      (let ((new (e2e-new-preview before (lambda (text) (string-match-p "toy\\.add" text)))))
        (if (not new)
            (cons nil (format "no preview buffer; actions offered: %S" offered))
          (let ((text (e2e-text new))
                (generator (buffer-local-value 'tdls-preview-generator new)))
            (cons (and (string-match-p (regexp-quote "### `toy.add` (toy::AddOp)") text)
                       (equal generator "op-doc"))
                  (format "%s generator=%s mode=%s %S" (buffer-name new) generator
                          (buffer-local-value 'major-mode new) (substring text 0 (min 200 (length text)))))))))))

;; Formatting: the whole buffer, and a region (the third line only).
(defconst e2e-messy "class  B;\ndef A :B;\ndef C : B  ;\n  def G : B;\n")

(defun e2e-open-messy ()
  "Visit a fresh Fmt.td with badly spaced statements, tdls running."
  (let ((path (concat e2e-fixture "Fmt.td")))
    (with-temp-file path (insert e2e-messy))
    (let ((old (get-file-buffer path)))
      (when old (with-current-buffer old (revert-buffer t t t))))
    (find-file path)
    (if (eq e2e-client 'eglot)
        (run-hooks 'post-command-hook)
      (lsp))
    (e2e-wait (lambda () (ignore-errors (tdls--client))))
    (current-buffer)))

(defun e2e-buffer-becomes (buf want)
  "Wait for BUF's text to be WANT; (OK . TEXT)."
  (let ((ok (e2e-wait (lambda () (equal (e2e-text buf) want)))))
    (cons ok (format "%S" (e2e-text buf)))))

(e2e-check "formatting the buffer formats every line"
  (let ((buf (e2e-open-messy)))
    (with-current-buffer buf
      (if (eq e2e-client 'eglot) (eglot-format-buffer) (lsp-format-buffer)))
    (prog1 (e2e-buffer-becomes buf "class B;\ndef A : B;\ndef C : B;\ndef G : B;\n")
      (with-current-buffer buf (set-buffer-modified-p nil)))))

(e2e-check "formatting a region formats only its lines"
  (let ((buf (e2e-open-messy)))
    (with-current-buffer buf
      (let ((beg (progn (goto-char (point-min)) (forward-line 2) (point)))
            (end (progn (end-of-line) (point))))
        (if (eq e2e-client 'eglot) (eglot-format beg end) (lsp-format-region beg end))))
    (prog1 (e2e-buffer-becomes buf "class  B;\ndef A :B;\ndef C : B;\n  def G : B;\n")
      (with-current-buffer buf (set-buffer-modified-p nil)))))

;;;; Workspace trust, on a second project (TDLS_TRAP) whose build tree's
;;;; mlir-tblgen writes each run to TDLS_TRAP_LOG: untrusted, the previews
;;;; run the machine's; M-x tdls-trust saves the root with the user's
;;;; customizations, after which the build tree's serves them.

;; As a user's Emacs that loaded an init file (batch Emacs has none, and
;; Custom then saves nothing).
(setq user-init-file (expand-file-name "init.el" (e2e-env "HOME"))
      custom-file (expand-file-name "custom.el" (e2e-env "HOME")))
(defvar e2e-trap (file-name-as-directory (e2e-env "TDLS_TRAP")))
(defvar e2e-trap-ops nil)

(defun e2e-trap-ran ()
  (let ((log (e2e-env "TDLS_TRAP_LOG")))
    (if (file-exists-p log)
        (with-temp-buffer (insert-file-contents log) (buffer-string))
      "")))

(defun e2e-trap-doc ()
  "Open the documentation preview of the trapped project's op; its buffer."
  (find-file (concat e2e-trap "ToyOps.td"))
  (setq e2e-trap-ops (current-buffer))
  (if (eq e2e-client 'eglot)
      (run-hooks 'post-command-hook)
    (lsp))
  (e2e-wait (lambda () (ignore-errors (tdls--client))))
  (e2e-goto 26 "$lhs")
  (let ((before (buffer-list)))
    (call-interactively #'tdls-show-documentation)
    (e2e-new-preview before (lambda (text) (string-match-p "toy\\.add" text)))))

(defvar e2e-trap-preview nil)
(e2e-check "untrusted: no executable of the project runs; the preview runs the machine's mlir-tblgen"
  (setq e2e-trap-preview (e2e-trap-doc))
  (cons (and e2e-trap-preview (string-empty-p (e2e-trap-ran)))
        (format "preview %s; the build tree's ran: %S" e2e-trap-preview (e2e-trap-ran))))

(e2e-check "M-x tdls-trust saves the root with the user's customizations; the build tree's mlir-tblgen then serves the previews"
  (with-current-buffer e2e-trap-ops
    (tdls-trust e2e-trap))
  (when (buffer-live-p e2e-trap-preview)
    (kill-buffer e2e-trap-preview))
  (with-current-buffer e2e-trap-ops
    (let ((new (e2e-trap-doc)))
      (e2e-wait (lambda () (string-match-p "--gen-op-doc" (e2e-trap-ran))))
      (let ((saved (if (file-exists-p custom-file)
                       (with-temp-buffer (insert-file-contents custom-file) (buffer-string))
                     ""))
            (in-project (directory-files e2e-trap nil "trust\\|custom")))
        (cons (and new (string-match-p "--gen-op-doc" (e2e-trap-ran))
                   (string-match-p (regexp-quote (directory-file-name e2e-trap)) saved)
                   (null in-project))
              (format "saved %S; ran %S; written in the project: %S" saved (e2e-trap-ran) in-project))))))
;; layered/ writes its includes from layered/include, which nothing
;; configures: the server infers it, and its source action pins it.
(defvar e2e-layered nil)

(e2e-check "a project with nothing configured: its includes resolve, no include error"
  (progn
    (find-file (concat e2e-fixture "layered/lib/LayeredOps.td"))
    (setq e2e-layered (current-buffer))
    (if (eq e2e-client 'eglot)
        (run-hooks 'post-command-hook)
      (lsp))
    (e2e-wait (lambda () (ignore-errors (tdls--client))))
    (e2e-goto 3 "Layered_Op<")
    (let ((value nil))
      (e2e-wait (lambda ()
                  (setq value (ignore-errors
                                (pcase e2e-client
                                  ('eglot (plist-get (plist-get (jsonrpc-request (eglot-current-server) :textDocument/hover
                                                                                 (eglot--TextDocumentPositionParams))
                                                                :contents)
                                                     :value))
                                  ('lsp-mode (gethash "value" (gethash "contents" (lsp-request "textDocument/hover"
                                                                                               (lsp--text-document-position-params))))))))
                  (and value (string-match-p "LayeredBase\\.td" value))))
      (flymake-start)
      (let ((diags (mapcar #'flymake-diagnostic-text (flymake-diagnostics))))
        (cons (and value (string-match-p "LayeredBase\\.td" value) (null diags))
              (format "hover %S, diagnostics %S" value diags))))))

;; The C++ half: ToyOps.td's `let hasVerifier = 1;' (line 28) is defined
;; by AddOp::verify on line 7 of ToyOps.cpp; back from the class name.
(defun e2e-definition-files ()
  "The files the definition at point in a tdls buffer names."
  (let ((locs (pcase e2e-client
                ('eglot (jsonrpc-request (eglot-current-server) :textDocument/definition
                                         (eglot--TextDocumentPositionParams)))
                ('lsp-mode (lsp-request "textDocument/definition" (lsp--text-document-position-params))))))
    (mapcar (lambda (l) (tdls--uri-file (tdls--get l :uri))) (append locs nil))))

(e2e-check "go to definition on hasVerifier jumps to the C++ verify"
  (e2e-open-ops)
  (switch-to-buffer e2e-ops)
  (e2e-goto 28 "hasVerifier")
  (let* ((cpp (concat e2e-fixture "ToyOps.cpp"))
         ;; The C++ index is built in the background: ask until it answers.
         (found (e2e-wait (lambda () (member cpp (e2e-definition-files))))))
    (xref-find-definitions (xref-backend-identifier-at-point (xref-find-backend)))
    (let ((file (buffer-file-name))
          (line (line-number-at-pos)))
      (cons (and found (equal file cpp) (= line 7))
            (format "%s:%d" file line)))))

(e2e-check "M-x tdls-tablegen-definition on the op class in the .cpp jumps to its def"
  (find-file (concat e2e-fixture "ToyOps.cpp"))
  (e2e-goto 7 "AddOp")
  (let ((cpp-buffer (current-buffer)))
    (call-interactively #'tdls-tablegen-definition)
    ;; The answer comes in the process filter: the jump shows in the
    ;; selected window.
    (let ((ok (e2e-wait (lambda () (with-current-buffer (window-buffer (selected-window))
                                     (and (equal (buffer-file-name) (concat e2e-fixture "ToyOps.td"))
                                          (= (line-number-at-pos) 24)))))))
      (with-current-buffer (window-buffer (selected-window))
        (cons (and ok (with-current-buffer cpp-buffer (not (ignore-errors (tdls--client)))))
              (format "%s:%d" (buffer-file-name) (line-number-at-pos)))))))

(e2e-check "the source action \"Write the inferred include directories to .tdls.yaml\" writes it"
  (with-current-buffer e2e-layered
    (switch-to-buffer e2e-layered)
    (e2e-goto 3 "Layered_Op<")
    (let ((offered nil)
          (path (concat e2e-fixture ".tdls.yaml")))
      (cl-letf (((symbol-function 'completing-read)
                 (lambda (_prompt collection &rest _)
                   (setq offered (mapcar (lambda (c) (if (consp c) (car c) c)) collection))
                   "Write the inferred include directories to .tdls.yaml")))
        (let ((last-nonmenu-event ?a))
          (call-interactively (if (eq e2e-client 'eglot) #'eglot-code-actions #'lsp-execute-code-action))))
      (e2e-wait (lambda () (file-exists-p path)))
      (if (not (file-exists-p path))
          (cons nil (format "no %s; actions offered: %S" path offered))
        (let ((text (with-temp-buffer (insert-file-contents path) (buffer-string))))
          (cons (string-match-p (regexp-quote "- layered/include") text)
                (format "%S" (substring text 0 (min 200 (length text))))))))))

(e2e-finish)

;;; e2e.el ends here
